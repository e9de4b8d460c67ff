import { useEffect } from 'react';

export const APP_NAME = 'Markwell';

/** The tab's title: '<page> - Markwell' (issue 13), or just the product's name without a page. */
export function documentTitle(page: string | null | undefined): string {
  const name = page?.trim();
  return name ? `${name} - ${APP_NAME}` : APP_NAME;
}

/** Sets document.title while the page is shown. */
export function useDocumentTitle(page: string | null | undefined): void {
  const title = documentTitle(page);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
