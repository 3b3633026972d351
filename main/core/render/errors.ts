/** Why an invoice file could not be shown, in plain words for the detail view. */
export class RenderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RenderError';
  }
}
