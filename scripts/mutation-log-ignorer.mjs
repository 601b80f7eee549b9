// A StrykerJS ignorer (scripts/mutation.mjs): mutants that can only change what is logged are
// ignored: inside a call to the logger (`logger.*`, `options.logger.*`), a block that holds
// nothing but such calls (`catch (error) { logger.error(...) }`), and an `if` without `else`
// whose body is such a block. A log line's text and fields are for the people who run the shop,
// not behaviour a test of the API can observe; the code around them, and what it returns or
// throws, is still mutated.
import { PluginKind, declareValuePlugin } from '@stryker-mutator/api/plugin';

const LOG_METHODS = new Set(['trace', 'debug', 'info', 'warn', 'error', 'fatal']);

/** `logger.warn(...)` or `something.logger.warn(...)`. */
function isLoggerCall(node) {
  if (node.type !== 'CallExpression' || node.callee.type !== 'MemberExpression') return false;
  const { object, property } = node.callee;
  if (property.type !== 'Identifier' || !LOG_METHODS.has(property.name)) return false;
  const owner = object.type === 'MemberExpression' ? object.property : object;
  return owner.type === 'Identifier' && owner.name === 'logger';
}

const isLoggingStatement = (node) =>
  node.type === 'ExpressionStatement' && isLoggerCall(node.expression);
const isLoggingBlock = (node) =>
  node.type === 'BlockStatement' && node.body.length > 0 && node.body.every(isLoggingStatement);

/** A node whose every mutant could change only a log line. */
const isOnlyLogging = (node) =>
  isLoggerCall(node) ||
  isLoggingStatement(node) ||
  isLoggingBlock(node) ||
  (node.type === 'IfStatement' &&
    !node.alternate &&
    (isLoggingStatement(node.consequent) || isLoggingBlock(node.consequent)));

export const strykerPlugins = [
  declareValuePlugin(PluginKind.Ignore, 'log-calls', {
    shouldIgnore(path) {
      return isOnlyLogging(path.node)
        ? 'Only changes a log line: for operators, not observable through the API'
        : undefined;
    },
  }),
];
