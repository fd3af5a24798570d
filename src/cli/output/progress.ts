/** The part of a stream the progress line needs (process.stderr, or a fake in tests). */
export interface ProgressStream {
  isTTY?: boolean;
  write(text: string): unknown;
}

/**
 * Shows `text` as a status line while work runs and returns the function that erases it. Nothing on a stream
 * that is not a terminal: logs and pipes get only the findings.
 */
export function showProgress(stream: ProgressStream, text: string): () => void {
  if (!stream.isTTY) return () => {};
  stream.write(text);
  return () => stream.write("\r\x1b[2K");
}
