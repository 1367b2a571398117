/** The catalogue's errors, one constructor each so every path says the same thing. */
import { ApiError } from '../../core/errors';

export function variantNotFound(id: string): ApiError {
  return new ApiError('variantNotFound', { message: `Variant ${id} was not found.` });
}

export function productNotFound(id: string): ApiError {
  return new ApiError('productNotFound', { message: `Product ${id} was not found.` });
}

/** A variant named where it would be sold or subscribed to, but it (or its product) is disabled. */
export function variantDisabled(id: string, byProduct: boolean, param?: string): ApiError {
  const why = byProduct ? 'belongs to a disabled product' : 'is disabled';
  return new ApiError('variantDisabled', {
    resource: 'variant',
    message: `Variant ${id} ${why}.`,
    ...(param ? { params: [{ [param]: why }] } : {}),
  });
}

export function variantNotRecurring(id: string): ApiError {
  return new ApiError('variantNotRecurring', { resource: 'variant', message: `Variant ${id} has a one-time price, not a recurring one.` });
}

export function productDisabled(id: string): ApiError {
  return new ApiError('productDisabled', {
    resource: 'product',
    message: `Product ${id} is disabled: enable it before adding variants to it.`,
    params: [{ productId: 'is disabled' }],
  });
}
