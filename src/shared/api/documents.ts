import { z } from 'zod';
import { documentKindSchema, documentUploadedResponseSchema } from '../schemas/activation';
import { defineRoute } from './define';

const tags = ['documents'];

/** The content types an upload may declare (the bytes themselves are checked by the server). */
const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif', 'application/octet-stream'] as const;

/**
 * ID and selfie images: the member uploads and reads their own (identity from the session, no id in
 * the path); staff read a member's through /admin, each view logged. Anyone else gets 404. The images
 * are bytes, not JSON: the web uploads with its own fetch and shows them with <img>.
 */
export const documentsApi = {
  upload: defineRoute({
    method: 'PUT',
    path: '/activation/documents/:kind',
    summary: "Upload the member's ID front, ID back or selfie: the image bytes as the body (JPEG, PNG, WebP; at most 10 MB)",
    tags,
    auth: 'session',
    consumes: UPLOAD_TYPES,
    params: z.object({ kind: documentKindSchema }),
    response: { 201: documentUploadedResponseSchema },
    errors: ['CONFLICT', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'RATE_LIMITED'],
  }),
  own: defineRoute({
    method: 'GET',
    path: '/activation/documents/:kind',
    summary: "The signed-in member's own image (image/jpeg, never cached)",
    tags,
    auth: 'session',
    params: z.object({ kind: documentKindSchema }),
    produces: ['image/jpeg'],
    response: {},
    errors: ['NOT_FOUND'],
  }),
  forStaff: defineRoute({
    method: 'GET',
    path: '/admin/members/:memberId/documents/:kind',
    summary: "A member's image for staff (OFFICER, ADMIN); every view is logged",
    tags: ['admin'],
    auth: 'session',
    params: z.object({ memberId: z.string().max(64), kind: documentKindSchema }),
    produces: ['image/jpeg'],
    response: {},
    errors: ['NOT_FOUND'],
  }),
};
