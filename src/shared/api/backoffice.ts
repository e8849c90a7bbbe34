import { auditQuerySchema, auditResponseSchema } from '../schemas/audit';
import { adminSettingsResponseSchema, companyProfileSchema, companySettingsResponseSchema } from '../schemas/company';
import { z } from 'zod';
import {
  newProductResponseSchema,
  newProductSchema,
  productDraftSchema,
  productListResponseSchema,
  productNewVersionResponseSchema,
  productRetirementResponseSchema,
  productVersionResponseSchema,
} from '../schemas/product';
import { productCodeSchema } from '../schemas/loans/common';
import { defineRoute } from './define';

const tags = ['admin'];

/** The back office's audit log (OFFICER, ADMIN) and settings (ADMIN only) under /api/admin. */
export const backofficeApi = {
  audit: defineRoute({
    method: 'GET',
    path: '/admin/audit',
    summary: 'The audit log, newest first, filtered by actor, action, subject and Philippine dates (inclusive); paginated by cursor',
    tags,
    auth: 'staff',
    query: auditQuerySchema,
    response: { 200: auditResponseSchema },
    errors: [],
  }),
  settings: defineRoute({
    method: 'GET',
    path: '/admin/settings',
    summary: 'The company profile in force (and its source) and the product in force (read-only)',
    tags,
    auth: 'admin',
    response: { 200: adminSettingsResponseSchema },
    errors: [],
  }),
  company: defineRoute({
    method: 'PUT',
    path: '/admin/settings/company',
    summary: 'Save the company profile (audited with before and after; production refuses DEMO)',
    tags,
    auth: 'admin',
    body: companyProfileSchema,
    response: { 200: companySettingsResponseSchema },
    errors: ['CONFLICT'],
  }),
  product: defineRoute({
    method: 'POST',
    path: '/admin/settings/product',
    summary: 'Offer a new loan product version (ADMIN): refused with the reasons when it breaks a cap; audited; loans keep their own version',
    tags,
    auth: 'admin',
    body: productDraftSchema,
    response: { 201: productVersionResponseSchema },
    errors: ['PRODUCT_REFUSED'],
  }),
  products: defineRoute({
    method: 'GET',
    path: '/admin/settings/products',
    summary: 'Every loan product (ADMIN): its names, status (OFFERED, RETIRED, NOT_OFFERED), the version offered and the latest version as a draft',
    tags,
    auth: 'admin',
    response: { 200: productListResponseSchema },
    errors: [],
  }),
  productVersion: defineRoute({
    method: 'POST',
    path: '/admin/settings/products/:code/versions',
    summary:
      'Offer a new version of a product (ADMIN), numbered after its every version; refused with the reasons naming the figure when it breaks the 25 % a year cap or an SEC small-loan cap; a retired product is offered again; audited',
    tags,
    auth: 'admin',
    params: z.object({ code: productCodeSchema }),
    body: productDraftSchema,
    response: { 201: productNewVersionResponseSchema },
    errors: ['PRODUCT_REFUSED', 'NOT_FOUND', 'CONFLICT'],
  }),
  createProduct: defineRoute({
    method: 'POST',
    path: '/admin/settings/products',
    summary:
      'Create a loan product (ADMIN): its code, names and descriptions (en, fil) and its first version, offered beside the others; refused with the reasons naming the figure when it breaks the 25 % a year cap or an SEC small-loan cap; audited',
    tags,
    auth: 'admin',
    body: newProductSchema,
    response: { 201: newProductResponseSchema },
    errors: ['PRODUCT_REFUSED', 'CONFLICT'],
  }),
  retireProduct: defineRoute({
    method: 'POST',
    path: '/admin/settings/products/:code/retire',
    summary:
      'Retire a loan product (ADMIN): it takes no new application; loans made under it keep their version; audited. The default product (PERSONAL) cannot be retired',
    tags,
    auth: 'admin',
    params: z.object({ code: productCodeSchema }),
    response: { 201: productRetirementResponseSchema },
    errors: ['NOT_FOUND', 'CONFLICT'],
  }),
};
