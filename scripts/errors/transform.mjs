// Production error messages: finds the messages in a source file and rewrites each so a production
// bundle keeps only its prefix, its code and the names in it. Pure functions of the source text (no
// file access), used by the build's esbuild plugin (plugin.mjs), by `npm run errors:codes` (codes.mjs)
// and by the tests.
//
// A message is a string or template literal that starts with `[rest-slice] ` (the prefix every error and
// warning of the library starts with), together with the literals joined to it by `+`. Each becomes
//   (process.env.NODE_ENV !== 'production' ? <the message as written> : __restSliceMessage(<code>, <names>))
// which gives `[rest-slice] E<code> <names>` (src/schema/productionMessage.ts; the plugin imports it)
// where <names> are the message's `${...}` parts that are plain names (an identifier or a property access
// such as `endpoint.name`, `key`, `url`, or a call of a naming helper such as `named(owner)`): they say which
// endpoint, URL or key failed. Other parts (calls such as `quote(value)`, conditions, constants) are left
// out, so the helpers they call can be dropped too. A message
// inside the development branch of that same check is left as it is: no production build reaches it.
import ts from 'typescript';

/** What every message starts with. */
export const PREFIX = '[rest-slice] ';
const DEV_CHECK = "process.env.NODE_ENV !== 'production'";

function isLiteral(node) {
  return ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node);
}

function leadingText(node) {
  return ts.isTemplateExpression(node) ? node.head.text : node.text;
}

function isPlus(node) {
  return ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken;
}

/** `process.env.NODE_ENV !== 'production'` (or `!=`, either quote), spaces and parentheses ignored. */
function isDevCheck(node, file) {
  const text = node.getText(file).replace(/[\s()]/g, '').replace(/"/g, "'");
  return text === "process.env.NODE_ENV!=='production'" || text === "process.env.NODE_ENV!='production'";
}

/** True when `node` only runs in development: inside the true branch of the literal check. */
function isDevelopmentOnly(node, file) {
  for (let child = node, parent = node.parent; parent !== undefined; child = parent, parent = parent.parent) {
    if (ts.isIfStatement(parent) && child === parent.thenStatement && isDevCheck(parent.expression, file)) return true;
    if (ts.isConditionalExpression(parent) && child === parent.whenTrue && isDevCheck(parent.condition, file)) return true;
    if (
      ts.isBinaryExpression(parent) &&
      parent.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken &&
      child === parent.right &&
      isDevCheck(parent.left, file)
    ) {
      return true;
    }
  }
  return false;
}

function isInType(node) {
  for (let parent = node.parent; parent !== undefined; parent = parent.parent) if (ts.isTypeNode(parent)) return true;
  return false;
}

/**
 * Helpers whose result names what failed (the endpoint, its URL, the schema's key): a message keeps a call
 * to one of them, with names as its arguments, like a name.
 */
const NAMING_CALLS = new Set(['named', 'owner', 'subject', 'describeSchema', 'describeRequest']);

/**
 * An identifier (not an ALL_CAPS constant, the same in every build), a property access on one or on `this`,
 * or a call of a naming helper on such names.
 */
function isName(node) {
  if (ts.isCallExpression(node)) {
    return ts.isIdentifier(node.expression) && NAMING_CALLS.has(node.expression.text) && node.arguments.every((argument) => isName(argument));
  }
  if (ts.isIdentifier(node)) return !/^[A-Z][A-Z0-9_]*$/.test(node.text);
  if (ts.isPropertyAccessExpression(node)) return node.expression.kind === ts.SyntaxKind.ThisKeyword || ts.isIdentifier(node.expression) || isName(node.expression);
  return false;
}

/** The operands of a `+` chain, left to right. */
function operands(node) {
  return isPlus(node) ? [...operands(node.left), ...operands(node.right)] : [node];
}

/**
 * The message in `node` (a `+` chain or a literal): its template as written in source (literal text, each
 * other part as `${source}`) and the parts that are names, as source text.
 */
function describe(node, file) {
  let template = '';
  const names = [];
  const part = (expression) => {
    const source = expression.getText(file);
    template += `\${${source}}`;
    if (isName(expression) && !names.includes(source)) names.push(source);
  };
  for (const operand of operands(node)) {
    if (ts.isStringLiteral(operand) || ts.isNoSubstitutionTemplateLiteral(operand)) {
      template += operand.text;
    } else if (ts.isTemplateExpression(operand)) {
      template += operand.head.text;
      for (const span of operand.templateSpans) {
        part(span.expression);
        template += span.literal.text;
      }
    } else {
      part(operand);
    }
  }
  return { template, names };
}

/**
 * Every message in a source file, in source order: `{ start, end, line, template, names }`, where
 * start and end are the offsets of the whole message expression (the `+` chain when there is one).
 */
export function findMessages(sourceText, fileName = 'source.ts') {
  const file = ts.createSourceFile(fileName, sourceText, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found = [];
  const visit = (node) => {
    // The prefix alone (as in `message.startsWith('[rest-slice] ')`) is not a message.
    if (isLiteral(node) && leadingText(node).startsWith(PREFIX) && (ts.isTemplateExpression(node) || node.text !== PREFIX)) {
      if (isInType(node) || isDevelopmentOnly(node, file)) return;
      // A literal joined by `+` to what follows it: the whole chain is the message. A literal that is not
      // the chain's first operand does not start a message (its text is in the middle of one).
      if (isPlus(node.parent) && node.parent.right === node) return;
      let message = node;
      while (isPlus(message.parent) && message.parent.left === message) message = message.parent;
      const start = message.getStart(file);
      found.push({ start, end: message.end, line: file.getLineAndCharacterOfPosition(start).line + 1, ...describe(message, file) });
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** The local name a rewritten file imports the production message builder by (src/schema/productionMessage.ts). */
export const MESSAGE_BUILDER = '__restSliceMessage';

/**
 * The production form of a message: a call that joins the prefix, `E<code>` and its names. One builder for
 * every message keeps the prefix once in a bundle instead of once per message.
 */
export function shortMessage(code, names) {
  return `${MESSAGE_BUILDER}(${[code, ...names].join(', ')})`;
}

/**
 * Rewrites every message of `sourceText` to its development text or, in production, its short form.
 * `codeOf(template)` gives a message's code, or undefined when it has none: those messages are returned in
 * `missing` (with their line) and left as they are.
 */
export function rewriteMessages(sourceText, codeOf, fileName = 'source.ts') {
  const messages = findMessages(sourceText, fileName);
  const missing = [];
  let code = '';
  let at = 0;
  for (const message of messages) {
    const number = codeOf(message.template);
    if (number === undefined) {
      missing.push({ line: message.line, template: message.template });
      continue;
    }
    const original = sourceText.slice(message.start, message.end);
    code += `${sourceText.slice(at, message.start)}(${DEV_CHECK} ? ${original} : ${shortMessage(number, message.names)})`;
    at = message.end;
  }
  return { code: code + sourceText.slice(at), missing, rewritten: messages.length > missing.length };
}
