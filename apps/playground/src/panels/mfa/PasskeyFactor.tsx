interface PasskeyFactorProps {
  readonly busy: boolean;
  readonly onUse: () => void;
}

/** The passkey factor: one button that runs the WebAuthn ceremony in the click. */
export function PasskeyFactor({ busy, onUse }: PasskeyFactorProps) {
  return (
    <>
      <p className="hint">
        The library asks the browser for the passkey enrolled on this site
        (navigator.credentials.get) and sends the signed challenge; the mock platform checks the
        signature with the public key it kept.
      </p>
      <div className="row">
        <button type="button" disabled={busy} onClick={onUse}>
          Use a passkey
        </button>
      </div>
    </>
  );
}
