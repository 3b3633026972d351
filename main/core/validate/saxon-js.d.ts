// The part of SaxonJS (npm saxon-js, Saxonica's licence) the validation worker uses; the package ships no types.
declare module 'saxon-js' {
  interface SaxonJS {
    transform(options: Record<string, unknown>, execution: 'sync'): { principalResult: unknown };
    XPath: { evaluate(xpath: string, context: unknown, options?: Record<string, unknown>): unknown };
    getProcessorInfo(): { productName: string; productVersion: string };
  }
  const saxon: SaxonJS;
  export default saxon;
}
