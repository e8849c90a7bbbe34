import { forwardRef, type ReactNode } from 'react';
import { TextField } from './Field';
import { CODE_INPUT_MAX_DIGITS } from '../../shared/codes/rules';

/**
 * A one-time code input (specification section 5): digits only (anything else is removed as it is
 * typed or pasted), at most 12, with the numeric keyboard and the browser's one-time-code autofill.
 */
export interface OtpInputProps {
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly onBlur?: () => void;
  readonly name?: string;
  readonly id?: string;
  readonly label: ReactNode;
  readonly hint?: ReactNode;
  readonly error?: string | undefined;
  readonly disabled?: boolean;
  readonly autoFocus?: boolean;
  /** The most digits taken (default OTP_MAX_DIGITS, what may be typed); a flow that knows the issued length may pass it. */
  readonly maxDigits?: number;
}

const OTP_MAX_DIGITS = CODE_INPUT_MAX_DIGITS;

export const OtpInput = forwardRef<HTMLInputElement, OtpInputProps>(function OtpInput({ value, onChange, maxDigits = OTP_MAX_DIGITS, ...rest }, ref) {
  return (
    <TextField
      ref={ref}
      {...rest}
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={maxDigits}
      spellCheck={false}
      value={value}
      onChange={(event) => onChange(event.target.value.replace(/\D/g, '').slice(0, maxDigits))}
      className="font-mono text-lg tracking-[0.3em]"
    />
  );
});
