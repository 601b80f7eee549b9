import { useRef, useState } from 'react';

/**
 * A settings list whose rows are edited in the form above it and deleted after a confirmation
 * (tax rates, carriers): the row in the form, the row being deleted, and the form and heading
 * they return focus to. `edit` brings the form into view and focuses its `focusField` input.
 */
export function useRowEditing<Row>(focusField: string) {
  const [editing, setEditing] = useState<Row | null>(null);
  const [removing, setRemoving] = useState<Row | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const edit = (row: Row) => {
    setEditing(row);
    formRef.current?.scrollIntoView({ block: 'center' });
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLInputElement>(`input[name="${focusField}"]`)?.focus(),
    );
  };
  return { editing, setEditing, removing, setRemoving, formRef, headingRef, edit };
}
