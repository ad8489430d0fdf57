import { addressLines } from '#views/business.ts';
import { useBusiness } from '#views/site-context.ts';

/** The legal entity and postal address from the profile, one line each. */
export function BusinessAddress() {
  const business = useBusiness();
  const lines = [business.legalName, ...addressLines(business.address)];
  return (
    <address>
      {lines.map((line, index) => (
        <span key={index}>
          {index > 0 ? <br /> : null}
          {line}
        </span>
      ))}
    </address>
  );
}
