import type { z } from 'zod';
import { type CommandInput, type CommandName, commands } from '../../shared/bridge';

/**
 * A form's body as the command's input, parsed with the command's own schema (the same one main
 * parses it with): the one place where a body built from text inputs becomes a typed input.
 */
export function commandInput<K extends CommandName>(name: K, body: unknown): CommandInput<K> {
  return (commands[name].input as z.ZodType).parse(body) as CommandInput<K>;
}
