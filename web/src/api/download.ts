import type { CallDef, RequestOf } from '@admin/contract';
import { ApiError, buildRequest, errorMessage } from './client';

export interface DownloadProgress {
  bytes: number;
  /** Lines received so far (CSV rows, header included). */
  rows: number;
  /** Content-Length when the server sent one (streams usually do not). */
  totalBytes: number | null;
}

/**
 * Streams a call's answer (e.g. a CSV export) with progress, then saves it as `filename`.
 * Reads the body with a ReadableStream reader, counting bytes and newline-terminated rows.
 */
export async function downloadFile<C extends CallDef>(
  call: C,
  input: RequestOf<C>,
  filename: string,
  onProgress?: (p: DownloadProgress) => void,
  opts: { signal?: AbortSignal } = {},
): Promise<DownloadProgress> {
  const { url, init } = buildRequest(call, input as Record<string, unknown>);
  const res = await fetch(url, { ...init, headers: { ...init.headers, Accept: '*/*' }, signal: opts.signal });
  if (res.status !== 200) {
    let body: unknown = null;
    try {
      body = await res.json();
    } catch {
      body = null;
    }
    throw new ApiError(res.status, errorMessage(res.status, body), body);
  }
  const length = Number(res.headers.get('content-length'));
  const progress: DownloadProgress = {
    bytes: 0,
    rows: 0,
    totalBytes: Number.isFinite(length) && length > 0 ? length : null,
  };
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  const reader = res.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        break;
      }
      chunks.push(value);
      progress.bytes += value.byteLength;
      for (let i = 0; i < value.length; i++) {
        if (value[i] === 10) {
          progress.rows++;
        }
      }
      onProgress?.({ ...progress });
    }
  } else {
    const buf = new Uint8Array(await res.arrayBuffer());
    chunks.push(buf);
    progress.bytes = buf.byteLength;
  }
  const blob = new Blob(chunks, { type: res.headers.get('content-type') ?? 'application/octet-stream' });
  saveBlob(blob, filename);
  onProgress?.({ ...progress });
  return progress;
}

/** Saves a Blob through a temporary link. */
function saveBlob(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}
