import { useState } from 'react';
import type { OwnerFunnel } from '@curb/contracts/traffic-attribution';
import { Panel } from '@/components/admin/admin-page';
import { ErrorView, LoadingView } from '@/components/admin/error-view';
import { formatCount, formatPercent } from '@/components/admin/format';
import { SelectField } from '@/components/ui/form/field';
import { csvFile } from '@curb/contracts/csv';
import { downloadCsv } from '../lib/csv';
import type { TrafficSearch } from '../lib/search';
import trafficStyles from '../components/traffic.module.css';
import { FunnelEditor } from './funnel-editor';
import styles from './funnels.module.css';
import { useDeleteFunnel, useFunnelReport, useOwnerFunnels } from './use-funnels';

/** The owner's own funnels: pick one to see how many visitors of the period reached each step, in order. */
export function FunnelsPanel({ search }: { search: TrafficSearch }) {
  const funnels = useOwnerFunnels();
  const [chosen, setChosen] = useState<string | undefined>();
  const [editing, setEditing] = useState<OwnerFunnel | 'new' | null>(null);
  const remove = useDeleteFunnel();
  const list = funnels.data ?? [];
  const current = list.find((f) => f.id === chosen) ?? list[0];
  const report = useFunnelReport(current?.id, search);
  const exportCsv = () => {
    if (!report.data) return;
    const csv = csvFile(
      ['Step', 'Visitors', 'Conversion %', 'Drop-off %'],
      report.data.steps.map((s) => [s.label, s.visitors, s.conversion, s.dropOff]),
    );
    downloadCsv(`funnel-${report.data.funnel.name.replace(/\W+/g, '-').toLowerCase()}.csv`, csv);
  };
  return (
    <Panel
      title="Funnels"
      actions={
        <button type="button" className="button button-outline" onClick={() => setEditing('new')}>
          New funnel
        </button>
      }
    >
      {(search.filters?.length ?? 0) > 0 && (
        <p className={trafficStyles.muted} role="note">
          Counting only the visits the filters above keep.
        </p>
      )}
      {funnels.isPending ? (
        <LoadingView label="Loading funnels..." />
      ) : funnels.isError ? (
        <ErrorView message="The funnels could not be loaded." onRetry={() => void funnels.refetch()} />
      ) : !current ? (
        <p className={trafficStyles.empty}>No funnel yet. A funnel follows visitors through 2 to 8 pages or events, in order.</p>
      ) : (
        <>
          <div className={styles.toolbar}>
            <SelectField hideLabel label="Funnel" value={current.id} onChange={(e) => setChosen(e.target.value)}>
              {list.map((f) => (
                <option key={f.id} value={f.id}>
                  {f.name}
                </option>
              ))}
            </SelectField>
            <button type="button" className="button button-outline" onClick={() => setEditing(current)}>
              Edit
            </button>
            <button
              type="button"
              className="button button-outline"
              disabled={remove.isPending}
              onClick={() => {
                if (window.confirm(`Delete the funnel "${current.name}"?`))
                  remove.mutate(current.id, { onSuccess: () => setChosen(undefined) });
              }}
            >
              Delete
            </button>
          </div>
          {report.isPending ? (
            <LoadingView label="Loading the funnel..." />
          ) : report.isError || !report.data ? (
            <ErrorView message="The funnel could not be loaded." onRetry={() => void report.refetch()} />
          ) : (
            <>
              <ol className={styles.steps} aria-label={`Steps of ${current.name}`}>
                {report.data.steps.map((s, i) => (
                  <li key={`${i}-${s.label}`} className={styles.step}>
                    <div className={styles.stepHead}>
                      <strong>
                        {i + 1}. {s.label}
                      </strong>
                      <span>
                        {formatCount(s.visitors)} visitors · {formatPercent(s.conversion)}
                      </span>
                    </div>
                    <span className={styles.bar} aria-hidden="true">
                      <span className={styles.fill} style={{ width: `${Math.min(100, s.conversion)}%` }} />
                    </span>
                    {i > 0 && <span className={styles.dropOff}>{formatPercent(s.dropOff)} dropped off after the step before</span>}
                  </li>
                ))}
              </ol>
              <div className={trafficStyles.tableActions}>
                <button type="button" className="button button-outline" onClick={exportCsv}>
                  Download CSV
                </button>
              </div>
            </>
          )}
        </>
      )}
      {editing && (
        <FunnelEditor
          funnel={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setChosen(saved.id);
            setEditing(null);
          }}
        />
      )}
    </Panel>
  );
}
