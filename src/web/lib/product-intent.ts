import { PRODUCT_CODE_PATTERN } from '../../shared/loan/product';

/**
 * The product a signed-out visitor chose on the landing page (`?product=SMALL`), carried through
 * sign-in and registration to the application (decision 083). Only a product code that is offered
 * now is kept, and it only ever fills the query of a fixed path of this app: never a place to go.
 */

/** The `product` of a query string when it has a product code's shape (PRODUCT_CODE_PATTERN), else null. */
export function productInSearch(search: string): string | null {
  const code = new URLSearchParams(search).get('product');
  return code !== null && PRODUCT_CODE_PATTERN.test(code) ? code : null;
}

/** The chosen product when it is one of the products offered now (`offered` unknown yet: its shape alone), else null. */
export function chosenProduct(search: string, offered: readonly { readonly code: string }[] | undefined): string | null {
  const code = productInSearch(search);
  if (code === null) return null;
  return offered === undefined || offered.some((p) => p.code === code) ? code : null;
}

/** A fixed path of this app with the chosen product in its query (`/register?product=SMALL`); the path alone without one. */
export function withProduct(path: '/login' | '/register' | '/dash', code: string | null): string {
  return code === null ? path : `${path}?product=${encodeURIComponent(code)}`;
}
