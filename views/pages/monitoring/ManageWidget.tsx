import { Deleted, DeleteSection } from './DeleteSection.tsx';
import type { MonitorView } from './model.ts';
import { RunsSection } from './RunsList.tsx';
import { SettingsSection } from './SettingsSection.tsx';
import { StateSection, VerifySection } from './StateSection.tsx';
import { useManage } from './use-manage.ts';

export interface ManageWidgetProps {
  token: string;
  monitor: MonitorView;
  /** Tests render a run in progress with it. */
  checkingRunId?: string;
}

/**
 * The monitor's private page (issue 25), one section each: its state and verification, past runs,
 * settings (schedule, score drop, webhook, digest), delete. State and actions live in useManage.
 */
export default function ManageWidget({ token, monitor, checkingRunId }: ManageWidgetProps) {
  const manage = useManage(token, monitor, checkingRunId);
  if (manage.deleted) return <Deleted url={manage.view.url} />;
  return (
    <div className="monitor-manage">
      <StateSection manage={manage} />
      <VerifySection manage={manage} />
      <RunsSection runs={manage.view.runs} history={manage.view.history} />
      <SettingsSection manage={manage} />
      <DeleteSection manage={manage} />
    </div>
  );
}
