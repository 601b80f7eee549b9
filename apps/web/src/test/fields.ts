/**
 * The message under a form field, without its hint: the `-error` element its
 * `aria-describedby` names (components/ui/form-field.tsx), as a screen reader reads it.
 */
export const errorOf = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter((id) => id.endsWith('-error'))
    .map((id) => document.getElementById(id)?.textContent)
    .join('');
