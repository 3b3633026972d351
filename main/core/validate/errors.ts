/** The compiled rules are missing, stale or damaged: a problem of the installation, not of the file. */
export class RulesUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RulesUnavailableError';
  }
}
