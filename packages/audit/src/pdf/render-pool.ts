// Report PDFs rendered off the event loop: a small pool of worker threads (render-thread.mjs),
// started when first needed and left to idle; a job waits for a free thread.
import { Worker } from 'node:worker_threads';
import type { AuditReport } from '@curb/contracts/audit';
import type { ReportSender } from './sender.ts';

interface Job {
  id: number;
  report: AuditReport;
  reportUrl: string | undefined;
  sender: ReportSender | undefined;
  resolve(pdf: Buffer): void;
  reject(err: Error): void;
}

interface Thread {
  worker: Worker;
  ready: Promise<void>;
  job: Job | null;
}

const THREAD_SCRIPT = new URL('./render-thread.mjs', import.meta.url);

export class PdfRenderPool {
  private readonly threads: Thread[] = [];
  private readonly line: Job[] = [];
  private nextId = 0;

  constructor(private readonly size = 2) {}

  /** The report's PDF; `sender` is the owner the cover and last page name (from the content alone when absent). */
  render(report: AuditReport, reportUrl?: string, sender?: ReportSender): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      this.line.push({ id: this.nextId++, report, reportUrl, sender, resolve, reject });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.threads.splice(0).map((t) => t.worker.terminate()));
  }

  private dispatch(): void {
    while (this.line.length > 0) {
      const thread = this.threads.find((t) => !t.job) ?? (this.threads.length < this.size ? this.start() : undefined);
      if (!thread) return;
      const job = this.line.shift()!;
      thread.job = job;
      void thread.ready.then(() =>
        thread.worker.postMessage({ id: job.id, report: job.report, reportUrl: job.reportUrl, sender: job.sender }),
      );
    }
  }

  private start(): Thread {
    // The thread loads the renderer itself (compiled, or through tsx from the sources); none of
    // the process's flags (a loader, --input-type) apply.
    const worker = new Worker(THREAD_SCRIPT, { execArgv: [] });
    // An idle pool never keeps the process alive.
    worker.unref();
    let ready!: () => void;
    const thread: Thread = { worker, ready: new Promise<void>((r) => (ready = r)), job: null };
    worker.on('message', (message: { ready?: true; id?: number; bytes?: Uint8Array; error?: string }) => {
      if (message.ready) return ready();
      const job = thread.job;
      thread.job = null;
      if (job) {
        if (message.bytes) job.resolve(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength));
        else job.reject(new Error(message.error ?? 'The PDF could not be rendered.'));
      }
      this.dispatch();
    });
    const lost = (err: Error) => {
      const i = this.threads.indexOf(thread);
      if (i >= 0) this.threads.splice(i, 1);
      thread.job?.reject(err);
      thread.job = null;
      this.dispatch();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`The PDF renderer stopped (exit ${code}).`)));
    this.threads.push(thread);
    return thread;
  }
}

/** One pool per process, shared by the report download and the report e-mail. */
let shared: PdfRenderPool | undefined;
export function pdfRenderPool(): PdfRenderPool {
  shared ??= new PdfRenderPool(2);
  return shared;
}
