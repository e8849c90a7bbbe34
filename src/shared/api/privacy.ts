import {
  deletionDecisionResponseSchema,
  deletionDetailSchema,
  deletionListQuerySchema,
  deletionListResponseSchema,
  deletionRejectSchema,
  deletionRequestParams,
} from '../schemas/deletion-review';
import { dataExportSchema, deletionRequestCreatedSchema, deletionRequestSchema, myDeletionRequestResponseSchema } from '../schemas/activation';
import { defineRoute } from './define';

const tags = ['privacy'];

/** Data rights: the member's own export and deletion request; staff see the requests. */
export const privacyApi = {
  /** Answers a ZIP (no JSON schema): the web downloads it, it does not call() it. */
  export: defineRoute({
    method: 'POST',
    path: '/privacy/export',
    summary:
      'Everything Tapat holds about the member: a ZIP with one file per part (account, loans, schedule, payments, wallet, withdrawals, …), a README in their language and their images (current password required; the member is told)',
    tags,
    auth: 'session',
    body: dataExportSchema,
    produces: ['application/zip'],
    response: {},
    errors: ['RATE_LIMITED'],
  }),
  myDeletionRequest: defineRoute({
    method: 'GET',
    path: '/privacy/deletion-request',
    summary: "The member's latest deletion request, if any",
    tags,
    auth: 'session',
    response: { 200: myDeletionRequestResponseSchema },
    errors: [],
  }),
  requestDeletion: defineRoute({
    method: 'POST',
    path: '/privacy/deletion-request',
    summary: 'Ask for the deletion of the member data; staff handle it (one open request at a time)',
    tags,
    auth: 'session',
    body: deletionRequestSchema.nullish(),
    response: { 201: deletionRequestCreatedSchema },
    errors: ['CONFLICT'],
  }),
  adminDeletionRequests: defineRoute({
    method: 'GET',
    path: '/admin/deletion-requests',
    summary: 'Deletion requests for staff (OFFICER, ADMIN), newest first, filtered by status, a page at a time',
    tags: ['admin'],
    auth: 'staff',
    query: deletionListQuerySchema,
    response: { 200: deletionListResponseSchema },
    errors: [],
  }),
  adminDeletionRequest: defineRoute({
    method: 'GET',
    path: '/admin/deletion-requests/:requestId',
    summary: 'One request: what Complete erases and keeps, until when, and what blocks it (the view is in the access log)',
    tags: ['admin'],
    auth: 'staff',
    params: deletionRequestParams,
    response: { 200: deletionDetailSchema },
    errors: ['NOT_FOUND'],
  }),
  completeDeletion: defineRoute({
    method: 'POST',
    path: '/admin/deletion-requests/:requestId/complete',
    summary:
      'ADMIN: anonymise the member (refused with an open loan, a wallet balance or a withdrawal in progress, or for a staff account; never by the ADMIN the request is of or related to); the member is told',
    tags: ['admin'],
    auth: 'admin',
    params: deletionRequestParams,
    response: { 200: deletionDecisionResponseSchema },
    errors: ['NOT_FOUND', 'DELETION_REQUEST_STATE', 'DELETION_BLOCKED', 'CONFLICT_OF_INTEREST'],
  }),
  rejectDeletion: defineRoute({
    method: 'POST',
    path: '/admin/deletion-requests/:requestId/reject',
    summary: 'ADMIN: reject with a reason of the catalogue; the member is told in their language',
    tags: ['admin'],
    auth: 'admin',
    params: deletionRequestParams,
    body: deletionRejectSchema,
    response: { 200: deletionDecisionResponseSchema },
    errors: ['NOT_FOUND', 'DELETION_REQUEST_STATE', 'CONFLICT_OF_INTEREST'],
  }),
};
