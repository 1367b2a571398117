import type { ProductsHandlers, VariantsHandlers } from '../../../generated/operations';
import * as products from '../../domain/catalog/products';
import * as variants from '../../domain/catalog/variants';
import type { ProductRecord, VariantRecord } from '../../domain/catalog/view';
import type { Ctx } from '../context';
import type { Recoveries } from '../recovery';
import { envelope } from '../lists';
import { CREATE, productLinks, variantLinks } from '../../core/links';

/** A product as its operations answer it. */
function productBody(ctx: Ctx, product: ProductRecord) {
  return { ...product, merchant: ctx.merchant, _links: productLinks(product) };
}

/** A variant as its operations answer it. */
function variantBody(ctx: Ctx, variant: VariantRecord) {
  return { ...variant, merchant: ctx.merchant, _links: variantLinks(variant) };
}

/** A product or variant created, replaced, disabled or enabled, as the retry of its request answers it. */
export const catalogRecovery = {
  product: async (ctx, { id }) => productBody(ctx, await products.getProduct(ctx.db, ctx.scope, id)),
  variant: async (ctx, { id }) => variantBody(ctx, await variants.getVariant(ctx.db, ctx.scope, id)),
} satisfies Partial<Recoveries>;

export const productsHandlers: ProductsHandlers<Ctx> = {
  async listProducts(req, ctx) {
    const { items, total, limit, offset } = await products.listProducts(ctx.db, ctx.scope, req.query);
    const body = envelope({ data: items, total, limit, offset, merchant: ctx.merchant }, '/v1/products', req.query, 'This page');
    body._links.create = CREATE.products;
    return { status: 200, body };
  },

  async createProduct(req, ctx) {
    return { status: 201, body: productBody(ctx, await products.createProduct(ctx.db, ctx.scope, req.body, ctx.recovery)) };
  },

  async getProduct(req, ctx) {
    return { status: 200, body: productBody(ctx, await products.getProduct(ctx.db, ctx.scope, req.params.productId)) };
  },

  async updateProduct(req, ctx) {
    const product = await products.updateProduct(ctx.db, ctx.scope, req.params.productId, req.body, ctx.recovery);
    return { status: 200, body: productBody(ctx, product) };
  },

  async disableProduct(req, ctx) {
    const product = await products.setProductEnabled(ctx.db, ctx.scope, req.params.productId, false, ctx.recovery);
    return { status: 200, body: productBody(ctx, product) };
  },

  async enableProduct(req, ctx) {
    const product = await products.setProductEnabled(ctx.db, ctx.scope, req.params.productId, true, ctx.recovery);
    return { status: 200, body: productBody(ctx, product) };
  },
};

export const variantsHandlers: VariantsHandlers<Ctx> = {
  async listVariants(req, ctx) {
    const { items, total, limit, offset } = await variants.listVariants(ctx.db, ctx.scope, req.query);
    const body = envelope({ data: items, total, limit, offset, merchant: ctx.merchant }, '/v1/variants', req.query, 'This page');
    body._links.create = CREATE.variants;
    return { status: 200, body };
  },

  async createVariant(req, ctx) {
    return { status: 201, body: variantBody(ctx, await variants.createVariant(ctx.db, ctx.scope, req.body, ctx.recovery)) };
  },

  async getVariant(req, ctx) {
    return { status: 200, body: variantBody(ctx, await variants.getVariant(ctx.db, ctx.scope, req.params.variantId)) };
  },

  async updateVariant(req, ctx) {
    const variant = await variants.updateVariant(ctx.db, ctx.scope, req.params.variantId, req.body, ctx.recovery);
    return { status: 200, body: variantBody(ctx, variant) };
  },

  async disableVariant(req, ctx) {
    const variant = await variants.setVariantEnabled(ctx.db, ctx.scope, req.params.variantId, false, ctx.recovery);
    return { status: 200, body: variantBody(ctx, variant) };
  },

  async enableVariant(req, ctx) {
    const variant = await variants.setVariantEnabled(ctx.db, ctx.scope, req.params.variantId, true, ctx.recovery);
    return { status: 200, body: variantBody(ctx, variant) };
  },
};
