import { z } from 'zod';
import { CONTACT_MESSAGE_MAX, CONTACT_MESSAGE_MIN } from '../text-lengths';
import { emailField } from './fields';

/** POST /api/contact: the contact form (specification section 5, "Contact form"). */
export const contactMessageSchema = z.strictObject({
  name: z.string({ error: 'validation.contactName' }).trim().min(2, { error: 'validation.contactName' }).max(100, { error: 'validation.contactName' }),
  email: emailField,
  message: z
    .string({ error: 'validation.contactMessage' })
    .trim()
    .min(CONTACT_MESSAGE_MIN, { error: 'validation.contactMessage' })
    .max(CONTACT_MESSAGE_MAX, { error: 'validation.contactMessage' }),
  agree: z.literal(true, { error: 'validation.contactAgree' }),
});
export type ContactMessageInput = z.input<typeof contactMessageSchema>;
