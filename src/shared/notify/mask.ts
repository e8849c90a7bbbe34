/**
 * A recipient as staff screens and logs show it: never a full phone number or address.
 * "+639171234567" -> "+63•••••4567"; "juan.cruz@example.com" -> "j•••@example.com".
 */
export function maskRecipient(recipient: string): string {
  const at = recipient.lastIndexOf('@');
  if (at > 0) return `${recipient.slice(0, 1)}•••${recipient.slice(at)}`;
  const digits = recipient.replace(/\D/g, '');
  if (digits.length <= 4) return '•••';
  const plus = recipient.trim().startsWith('+') ? '+' : '';
  const head = plus ? digits.slice(0, 2) : '';
  return `${plus}${head}•••••${digits.slice(-4)}`;
}
