export { writeAudit, type AuditActor, type AuditContext, type AuditEntryInput } from './log';
export { listAudit } from './query';
export { changedFields, redactSecrets } from './redact';
