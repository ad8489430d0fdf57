import { useState, type FormEvent } from 'react';
import { CopyButton } from '#views/components/CopyButton.tsx';
import { Table } from '#views/components/Table.tsx';
import { backlinksToCsv, batches, generateBacklinks, type BacklinkLink } from './logic.ts';
import { ErrorMessage } from '#views/components/ErrorMessage.tsx';
import { CsvButton } from '#views/components/CsvButton.tsx';

export interface BacklinkWidgetProps {
  idPrefix: string;
}

export const BATCH_SIZE = 10;

export default function BacklinkWidget({ idPrefix }: BacklinkWidgetProps) {
  const [input, setInput] = useState('');
  const [domain, setDomain] = useState('');
  const [links, setLinks] = useState<BacklinkLink[]>([]);
  const [error, setError] = useState('');
  const [nextBatch, setNextBatch] = useState(0);
  const [notice, setNotice] = useState('');
  const id = (name: string) => `${idPrefix}-${name}`;
  const groups = batches(links, BATCH_SIZE);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const result = generateBacklinks(input);
    setNextBatch(0);
    setNotice('');
    if (!result.ok) {
      setLinks([]);
      setDomain('');
      setError(result.error);
      return;
    }
    setError('');
    setDomain(result.domain);
    setLinks(result.links);
  }

  function openBatch() {
    const group = groups[nextBatch] ?? [];
    // With noopener, window.open always returns null, so a blocked pop-up cannot be detected;
    // browsers allow several tabs per click only for sites the person has allowed pop-ups on.
    for (const link of group) window.open(link.url, '_blank', 'noopener,noreferrer');
    setNotice(
      `Opened batch ${nextBatch + 1} of ${groups.length}. If only one tab appeared, allow pop-ups for this site in your browser and press the button again.`,
    );
    setNextBatch((current) => (current + 1) % groups.length);
  }

  return (
    <form className="tool-card" onSubmit={onSubmit} noValidate>
      <label htmlFor={id('domain')}>Domain or URL</label>
      <input
        id={id('domain')}
        type="text"
        inputMode="url"
        value={input}
        onChange={(event) => setInput(event.target.value)}
        placeholder="example.com"
        autoComplete="url"
      />
      <div className="actions">
        <button type="submit" className="button">
          Generate Backlinks
        </button>
      </div>
      <ErrorMessage error={error} />
      {links.length > 0 ? (
        <div className="result">
          <p className="result-summary">
            {links.length} backlink and analysis pages for <strong>{domain}</strong>
          </p>
          <div className="actions">
            <button type="button" className="button" onClick={openBatch}>
              Open batch {nextBatch + 1} of {groups.length} ({groups[nextBatch]?.length ?? 0} tabs)
            </button>
            <CopyButton text={links.map((link) => link.url).join('\n')} label="Copy all URLs" />
            <CsvButton fileName={`backlinks-${domain}.csv`} csv={() => backlinksToCsv(links)} />
          </div>
          {notice ? (
            <p className="success" aria-live="polite">
              {notice}
            </p>
          ) : null}
          <div className="table-wrap">
            <Table className="backlink-table" columns={['#', 'Service', 'Category', 'Link']}>
              {links.map((link, index) => (
                <tr key={link.url}>
                  <td>{index + 1}</td>
                  <td>{link.name}</td>
                  <td>{link.category}</td>
                  <td className="url-cell">
                    <a href={link.url} target="_blank" rel="noopener noreferrer nofollow">
                      {link.url}
                    </a>
                  </td>
                </tr>
              ))}
            </Table>
          </div>
        </div>
      ) : null}
    </form>
  );
}
