/**
 * Account input the engine refuses: the user's to fix, so every host shows its message as it is. It
 * names the field it concerns and says what that field needs, for a form to show beside it.
 */
export class AccountInputError extends Error {
  constructor(
    message: string,
    readonly field: 'name' | 'root' | 'companyId' | 'apiKey' | 'vendorApiKey',
    readonly hint: string,
  ) {
    super(message);
    this.name = 'AccountInputError';
  }
}
