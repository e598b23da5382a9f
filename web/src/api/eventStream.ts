/** The text/event-stream wire format (server-sent events), pure: the client reads the board's stream through it. */

/** One event of a text/event-stream: its name (default `message`) and its data lines joined. */
export type StreamEvent = { event: string; data: string };

/**
 * A text/event-stream parser fed chunk by chunk (a frame may be cut anywhere, even inside a
 * multi-byte character: the decoder keeps the tail). Pure apart from its buffer.
 */
export class EventStreamParser {
  private buffer = '';
  private readonly decoder = new TextDecoder();

  /** The complete events in this chunk (and what earlier chunks left). */
  push(chunk: Uint8Array | string): StreamEvent[] {
    this.buffer += typeof chunk === 'string' ? chunk : this.decoder.decode(chunk, { stream: true });
    this.buffer = this.buffer.replace(/\r\n?/g, '\n');
    const out: StreamEvent[] = [];
    let end: number;
    while ((end = this.buffer.indexOf('\n\n')) >= 0) {
      const frame = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of frame.split('\n')) {
        if (!line || line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
      }
      if (data.length) out.push({ event, data: data.join('\n') });
    }
    return out;
  }
}
