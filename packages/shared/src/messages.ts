/** Japanese texts that both the API and the web client show (docs/product-rules.md#errors). */
export const DEFAULT_ERROR_MESSAGE = 'エラーが発生しました';
export const UNEXPECTED_ERROR_MESSAGE = '予期しないエラーが発生しました。';
export const PAGE_NOT_FOUND_TEXT = 'Page Not Found';
export const INTERNAL_SERVER_ERROR_TEXT = 'Internal Server Error';

export function pageNotFoundMessage(path: string): string {
  return `Page not found: ${path}`;
}
