import { type RawRequest, type RawResponse, Transport, type TransportOptions } from './transport';

/**
 * A transport that adds the same headers to every request of one account: the embedded sandbox's
 * per-start key (main/core/demo/embedded-sandbox.ts), which that stand-in service wants on every
 * request, the token endpoint and its admin API included.
 */
export class HeaderTransport extends Transport {
  constructor(
    private readonly extra: Readonly<Record<string, string>>,
    opts?: TransportOptions,
  ) {
    super(opts);
  }

  override send(req: RawRequest): Promise<RawResponse> {
    return super.send({ ...req, headers: { ...req.headers, ...this.extra } });
  }
}
