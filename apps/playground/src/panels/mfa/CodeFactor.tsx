import { useState } from 'react';
import type { SmsDeliveryMethod } from '@site-identity/member-auth';
import { TextField } from '../../components/TextField';
import { mockControl } from '../../lib/mockControl';
import type { CodeFactorType } from './factorNames';

interface CodeFactorProps {
  readonly factorType: CodeFactorType;
  readonly email: string;
  readonly busy: boolean;
  /** Verifies the code (and, for SMS, how it came). */
  readonly onVerify: (code: string, deliveryMethod: SmsDeliveryMethod | undefined) => void;
}

const LABELS: Record<CodeFactorType, string> = {
  SMS: 'One-time code',
  CALL: 'One-time code',
  EMAIL: 'One-time code',
  TOTP: 'One-time code',
  RECOVERY_CODE: 'Recovery code',
};

/**
 * A code factor: the code field, for SMS the channel it came by (text message or
 * WhatsApp), and for the codes the platform sends a shortcut that reads it from the
 * mock platform's outbox.
 */
export function CodeFactor({ factorType, email, busy, onVerify }: CodeFactorProps) {
  const [code, setCode] = useState('');
  const [deliveryMethod, setDeliveryMethod] = useState<SmsDeliveryMethod>('SMS');
  const sent = factorType === 'SMS' || factorType === 'CALL' || factorType === 'EMAIL';
  return (
    <>
      {factorType === 'SMS' ? (
        <label className="field">
          <span>Code came by</span>
          <select
            value={deliveryMethod}
            onChange={(event) => setDeliveryMethod(event.target.value as SmsDeliveryMethod)}
          >
            <option value="SMS">Text message (SMS)</option>
            <option value="WHATSAPP">WhatsApp</option>
          </select>
        </label>
      ) : null}
      <TextField
        label={LABELS[factorType]}
        value={code}
        onChange={setCode}
        autoComplete="one-time-code"
      />
      {factorType === 'RECOVERY_CODE' ? (
        <p className="hint">Each recovery code works once; a code used before is refused.</p>
      ) : null}
      <div className="row">
        {sent ? (
          <button
            type="button"
            className="secondary"
            onClick={() =>
              void mockControl.lastEmail('mfa', email).then(
                (last) => {
                  if (last?.code) setCode(last.code);
                },
                () => undefined, // the code field stays empty; the verify call then reports what is missing
              )
            }
          >
            Read the code from the outbox
          </button>
        ) : null}
        <button
          type="button"
          disabled={busy}
          onClick={() => onVerify(code, factorType === 'SMS' ? deliveryMethod : undefined)}
        >
          Verify
        </button>
      </div>
    </>
  );
}
