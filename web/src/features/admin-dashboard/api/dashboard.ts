import { useQuery } from '@tanstack/react-query';
import type { DataConnectionsOverview, FeatureStatus, IngestQuarantine } from '@curb/contracts/analytics';
import type { BackupStatus } from '@curb/contracts/backup';
import type { Health } from '@curb/contracts/health';
import type { SelfCheck } from '@curb/contracts/self-check';
import { getQueryFn } from '@/lib/api-client';

/** The dashboard's health badges come from real pings, refreshed while it is open. */
const HEALTH_POLL_MS = 15_000;

export const useHealth = () =>
  useQuery({
    queryKey: ['/api/health'],
    // A degraded store answers 503 with the same body: read it rather than fail.
    queryFn: async ({ signal }) => {
      const res = await fetch('/api/health', { signal, credentials: 'include' });
      if (res.status !== 200 && res.status !== 503) throw new Error(`${res.status}: ${res.statusText}`);
      return (await res.json()) as Health;
    },
    refetchInterval: HEALTH_POLL_MS,
  });

export const useDataConnections = () =>
  useQuery({ queryKey: ['/api/admin/data-connections/overview'], queryFn: getQueryFn<DataConnectionsOverview>({ on401: 'throw' }) });

export const useFeatureStatuses = () =>
  useQuery({ queryKey: ['/api/admin/feature-status'], queryFn: getQueryFn<FeatureStatus[]>({ on401: 'throw' }) });

export const useIngestQuarantine = () =>
  useQuery({
    queryKey: ['/api/admin/ingest-quarantine'],
    queryFn: getQueryFn<IngestQuarantine>({ on401: 'throw' }),
    refetchInterval: HEALTH_POLL_MS,
  });

/** The daily backup's schedule and the last backups' outcomes. */
export const useBackups = () =>
  useQuery({ queryKey: ['/api/admin/backups'], queryFn: getQueryFn<BackupStatus>({ on401: 'throw' }), refetchInterval: HEALTH_POLL_MS });

/** The production self-check: the same items the start prints, each with its fix. */
export const useSelfCheck = () =>
  useQuery({ queryKey: ['/api/admin/self-check'], queryFn: getQueryFn<SelfCheck>({ on401: 'throw' }), refetchInterval: HEALTH_POLL_MS });
