import type { FastifyReply, FastifyRequest } from 'fastify';
import { MINUTE } from '../../clock';
import type { NewDevice } from '../../sessions/devices';
import { isUuid } from '../../../shared/schemas/params';

/**
 * The cookies of the two flows that happen before a session exists. Each holds only a random id
 * (never sent in a body), is HttpOnly, SameSite=Lax, Secure in production and scoped to its flow.
 */
const REGISTRATION_COOKIE = 'tapat_reg';
const REGISTRATION_COOKIE_PATH = '/api/auth/register';
export const PENDING_REGISTRATION_TTL_MS = 30 * MINUTE;

const RECOVERY_COOKIE = 'tapat_rec';
const RECOVERY_COOKIE_PATH = '/api/auth/recovery';
export const RECOVERY_ATTEMPT_TTL_MS = 15 * MINUTE;

interface FlowCookie {
  readonly name: string;
  readonly path: string;
  readonly ttlMs: number;
}
export const registrationCookie: FlowCookie = { name: REGISTRATION_COOKIE, path: REGISTRATION_COOKIE_PATH, ttlMs: PENDING_REGISTRATION_TTL_MS };
export const recoveryCookie: FlowCookie = { name: RECOVERY_COOKIE, path: RECOVERY_COOKIE_PATH, ttlMs: RECOVERY_ATTEMPT_TTL_MS };

export function setFlowCookie(reply: FastifyReply, cookie: FlowCookie, id: string, secure: boolean): void {
  reply.setCookie(cookie.name, id, { path: cookie.path, httpOnly: true, sameSite: 'lax', secure, maxAge: Math.floor(cookie.ttlMs / 1000) });
}

export function clearFlowCookie(reply: FastifyReply, cookie: FlowCookie, secure: boolean): void {
  reply.clearCookie(cookie.name, { path: cookie.path, httpOnly: true, sameSite: 'lax', secure });
}

/** The id the cookie holds, or null when absent or not a well-formed id. */
export function readFlowCookie(request: FastifyRequest, cookie: FlowCookie): string | null {
  const value = request.cookies[cookie.name];
  return value && isUuid(value) ? value.toLowerCase() : null;
}

/**
 * The device cookie (decision 050, sessions/devices.ts): a random token binding this browser to the
 * member who signed in with it, sent to the sign-in, password and recovery routes only. HttpOnly,
 * SameSite=Lax, Secure in production, for DEVICE_TTL_MS.
 */
const DEVICE_COOKIE = 'tapat_dev';
const DEVICE_COOKIE_PATH = '/api/auth';

export function setDeviceCookie(reply: FastifyReply, device: NewDevice, secure: boolean): void {
  reply.setCookie(DEVICE_COOKIE, device.token, { path: DEVICE_COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure, expires: device.expiresAt });
}

/** The device cookie's token as sent (null when absent); sessions/devices.ts checks its form. */
export function readDeviceCookie(request: FastifyRequest): string | null {
  return request.cookies[DEVICE_COOKIE] ?? null;
}
