import { CopyButton } from '#views/components/CopyButton.tsx';
import type { Verification } from './model.ts';

/**
 * The two ways to prove the site is theirs, exactly as the server will look for them: the meta
 * tag on the start page, or the file at the site's root. Each can be copied in one press.
 */
export function VerificationSteps({ verification, siteUrl }: { verification: Verification; siteUrl: string }) {
  let fileUrl = verification.file.path;
  try {
    fileUrl = new URL(verification.file.path, siteUrl).href;
  } catch {
    // An unparsable site address: show the path alone.
  }
  return (
    <div className="monitor-verify">
      <p>Prove the site is yours in one of two ways:</p>
      <ol>
        <li>
          <p>
            Add this tag inside <code>&lt;head&gt;</code> on your start page:
          </p>
          <pre className="monitor-code">
            <code>{verification.meta}</code>
          </pre>
          <CopyButton text={verification.meta} label="Copy the meta tag" />
        </li>
        <li>
          <p>
            Or upload a file so that <span className="monitor-url">{fileUrl}</span> shows exactly this:
          </p>
          <pre className="monitor-code">
            <code>{verification.file.content}</code>
          </pre>
          <div className="monitor-copy-row">
            <CopyButton text={verification.file.content} label="Copy the file's content" />
            <CopyButton text={verification.file.path.replace(/^\//, '')} label="Copy the file name" />
          </div>
        </li>
      </ol>
    </div>
  );
}
