import { z } from 'zod';
import {
  chargeResponseSchema,
  officerPaymentRequestSchema,
  paymentPreviewRequestSchema,
  paymentPreviewResponseSchema,
  paymentRequestSchema,
  payoffQuoteResponseSchema,
  payoffRequestSchema,
  receiptResponseSchema,
  servicingResponseSchema,
  waiveRequestSchema,
} from '../schemas/repayments';
import { defineRoute } from './define';

const tags = ['repayments'];
const admin = ['admin'];
const idempotencyHeader = z.object({ 'idempotency-key': z.string().optional() });
const idempotency = ['IDEMPOTENCY_KEY_REQUIRED', 'IDEMPOTENCY_KEY_REUSED'] as const;
const loanParams = z.object({ loanId: z.string().max(64) });
const chargeParams = z.object({ loanId: z.string().max(64), chargeId: z.string().max(64) });
const amountErrors = ['NO_LOAN', 'LOAN_NOT_DISBURSED', 'LOAN_REPAID', 'AMOUNT_TOO_SMALL', 'AMOUNT_ABOVE_OUTSTANDING'] as const;

/**
 * Loan servicing: the borrower's schedule, payments and payoff under /api/loans/current
 * (identity from the session), and the back office's payments and waivers under /api/admin/loans.
 */
export const repaymentsApi = {
  servicing: defineRoute({
    method: 'GET',
    path: '/loans/current/servicing',
    summary: "The member's disbursed loan: schedule with line statuses, totals, charges with how computed, payments with allocations, history",
    tags,
    auth: 'session',
    response: { 200: servicingResponseSchema },
    errors: ['NO_LOAN'],
  }),
  pay: defineRoute({
    method: 'POST',
    path: '/loans/current/payments',
    summary:
      'Pay from the wallet (Idempotency-Key header required), any amount from 1.00: late charges, what is past due oldest first, the next instalment, then the rest as chosen (excess: NEXT_INSTALMENTS, the default, or REDUCE_PRINCIPAL)',
    tags,
    auth: 'member',
    headers: idempotencyHeader,
    body: paymentRequestSchema,
    response: { 201: receiptResponseSchema },
    errors: [...idempotency, ...amountErrors, 'INSUFFICIENT_BALANCE'],
  }),
  payPreview: defineRoute({
    method: 'POST',
    path: '/loans/current/payments/preview',
    summary: 'Where an amount would go, for each choice of where the rest goes (nothing is paid): the review before a payment',
    tags,
    auth: 'member',
    body: paymentPreviewRequestSchema,
    response: { 200: paymentPreviewResponseSchema },
    errors: [...amountErrors],
  }),
  payoffQuote: defineRoute({
    method: 'POST',
    path: '/loans/current/payoff-quote',
    summary: 'A payoff quote for today (RA 11765, actuarial rebate), valid to the end of the Philippine day',
    tags,
    auth: 'member',
    response: { 200: payoffQuoteResponseSchema },
    errors: ['NO_LOAN', 'LOAN_NOT_DISBURSED', 'LOAN_REPAID'],
  }),
  payoff: defineRoute({
    method: 'POST',
    path: '/loans/current/payoff',
    summary: 'Pay a payoff quote from the wallet and close the loan (Idempotency-Key header required)',
    tags,
    auth: 'member',
    headers: idempotencyHeader,
    body: payoffRequestSchema,
    response: { 201: receiptResponseSchema },
    errors: [...idempotency, 'NO_LOAN', 'LOAN_REPAID', 'QUOTE_EXPIRED', 'QUOTE_STALE', 'QUOTE_USED', 'INSUFFICIENT_BALANCE'],
  }),
  /** Answers a PDF: the web links to it. */
  receiptPdf: defineRoute({
    method: 'GET',
    path: '/loans/current/payments/:paymentId/receipt.pdf',
    summary: "The receipt of one of the member's own payments as PDF: reference, allocation per line and part, remaining balance",
    tags,
    auth: 'member',
    params: z.object({ paymentId: z.string().max(64) }),
    produces: ['application/pdf'],
    response: {},
    errors: ['NOT_FOUND'],
  }),
  adminServicing: defineRoute({
    method: 'GET',
    path: '/admin/loans/:loanId/servicing',
    summary: "A loan's servicing view (schedule, charges, payments, history)",
    tags: admin,
    auth: 'staff',
    params: loanParams,
    response: { 200: servicingResponseSchema },
    errors: ['NOT_FOUND'],
  }),
  recordPayment: defineRoute({
    method: 'POST',
    path: '/admin/loans/:loanId/payments',
    summary:
      'Record a payment received in cash or by bank transfer (Idempotency-Key header required); above the approval threshold it waits for a second officer (202)',
    tags: admin,
    auth: 'staff',
    params: loanParams,
    headers: idempotencyHeader,
    body: officerPaymentRequestSchema,
    response: { 201: receiptResponseSchema, 202: receiptResponseSchema },
    errors: [...idempotency, 'NOT_FOUND', ...amountErrors, 'CONFLICT_OF_INTEREST', 'PAYMENT_REFERENCE_USED'],
  }),
  approvePayment: defineRoute({
    method: 'POST',
    path: '/admin/loans/:loanId/payments/:paymentId/approve',
    summary: 'Approve a payment recorded by another officer above the threshold (maker-checker)',
    tags: admin,
    auth: 'staff',
    params: z.object({ loanId: z.string().max(64), paymentId: z.string().max(64) }),
    response: { 200: receiptResponseSchema },
    errors: ['NOT_FOUND', 'PAYMENT_NOT_PENDING', 'MAKER_CHECKER', 'CONFLICT_OF_INTEREST', 'AMOUNT_ABOVE_OUTSTANDING'],
  }),
  waive: defineRoute({
    method: 'POST',
    path: '/admin/loans/:loanId/charges/:chargeId/waive',
    summary:
      'Waive what is owed on a late charge, with a reason code from the fixed catalogue (audited); above WAIVER_APPROVAL_THRESHOLD it waits for a second officer (202)',
    tags: admin,
    auth: 'staff',
    params: chargeParams,
    body: waiveRequestSchema,
    response: { 200: chargeResponseSchema, 202: chargeResponseSchema },
    errors: ['NOT_FOUND', 'CHARGE_NOT_WAIVABLE', 'WAIVER_PENDING', 'CONFLICT_OF_INTEREST'],
  }),
  approveWaiver: defineRoute({
    method: 'POST',
    path: '/admin/loans/:loanId/charges/:chargeId/waive/approve',
    summary: 'Approve a waiver another officer asked for above WAIVER_APPROVAL_THRESHOLD (maker-checker; audited)',
    tags: admin,
    auth: 'staff',
    params: chargeParams,
    response: { 200: chargeResponseSchema },
    errors: ['NOT_FOUND', 'WAIVER_NOT_PENDING', 'WAIVER_MOOT', 'MAKER_CHECKER', 'CONFLICT_OF_INTEREST'],
  }),
};
