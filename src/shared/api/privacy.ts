import {
  adminDeletionRequestsResponseSchema,
  dataExportSchema,
  deletionRequestCreatedSchema,
  deletionRequestSchema,
  myDeletionRequestResponseSchema,
} from '../schemas/activation';
import { defineRoute } from './define';

const tags = ['privacy'];

/** Data rights: the member's own export and deletion request; staff see the requests. */
export const privacyApi = {
  /** Answers a ZIP (no JSON schema): the web downloads it, it does not call() it. */
  export: defineRoute({
    method: 'POST',
    path: '/privacy/export',
    summary: 'Everything Tapat holds about the member: a ZIP with data.json and their images (current password required; the member is told)',
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
    summary: 'Deletion requests for staff (OFFICER, ADMIN), open ones first',
    tags: ['admin'],
    auth: 'staff',
    response: { 200: adminDeletionRequestsResponseSchema },
    errors: [],
  }),
};
