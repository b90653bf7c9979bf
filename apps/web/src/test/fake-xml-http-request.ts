/**
 * A stand-in for XMLHttpRequest in unit tests: records what was sent and lets the test
 * report upload progress and answer. Install with `vi.stubGlobal('XMLHttpRequest', FakeXhr)`.
 */
export class FakeXhr {
  static last: FakeXhr | null = null;

  method = '';
  url = '';
  headers = new Map<string, string>();
  body: unknown = null;
  status = 0;
  responseText = '';
  readonly upload = new EventTarget();
  private readonly events = new EventTarget();

  constructor() {
    FakeXhr.last = this;
  }

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.headers.set(name.toLowerCase(), value);
  }

  addEventListener(type: string, listener: EventListener): void {
    this.events.addEventListener(type, listener);
  }

  send(body: unknown): void {
    this.body = body;
  }

  abort(): void {
    this.events.dispatchEvent(new Event('abort'));
  }

  progress(loaded: number, total: number): void {
    const event = new ProgressEvent('progress', { loaded, total, lengthComputable: true });
    this.upload.dispatchEvent(event);
  }

  respond(status: number, body: unknown): void {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.events.dispatchEvent(new Event('load'));
  }

  fail(): void {
    this.events.dispatchEvent(new Event('error'));
  }
}
