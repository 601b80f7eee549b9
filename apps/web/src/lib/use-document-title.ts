import { useEffect } from 'react';

/** The shop's name: the title of every page that has none of its own (index.html's). */
export const SHOP_NAME = 'Laptop Parts Shop';

/**
 * A page's own title while it is shown ("ThinkPad T480 Battery | Laptop Parts Shop"), the shop's
 * name again when it goes. The server writes the same title into the public pages it renders
 * (decision 036); this keeps it right when the page is reached inside the app.
 */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    if (!title) return;
    document.title = `${title} | ${SHOP_NAME}`;
    return () => {
      document.title = SHOP_NAME;
    };
  }, [title]);
}
