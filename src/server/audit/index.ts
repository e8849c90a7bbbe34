export { writeAudit, type AuditActor, type AuditContext, type AuditEntryInput } from './log';
export { recordStaffView, type StaffViewInput } from './staff-view';
export { listAudit } from './query';
export { changedFields } from './redact';
export { ERASED_TEXT, eraseFromAudit, type AuditErasure } from './erase';
