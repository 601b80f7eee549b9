/**
 * Every answer the API tests get is checked against the published document (issue 14): its
 * status must be documented for the route and method, and a JSON body must match the documented
 * schema for that status. It is `GET /api/openapi.json` that is checked, with a JSON Schema
 * validator (ajv, draft 2020-12, the dialect of OpenAPI 3.1), not the zod schemas it came from.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

interface MediaType {
  schema?: Record<string, unknown>;
}
interface Operation {
  responses: Record<string, { content?: Record<string, MediaType> }>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: Record<string, unknown>;
}

interface Template {
  path: string;
  pattern: RegExp;
  /** Fewer parameters first: `/api/user/admin/{email}` before `/api/user/{email}`. */
  parameters: number;
}

export interface AnswerToCheck {
  method: string;
  url: string;
  response: Response;
}

const isJson = (contentType: string | null) =>
  contentType !== null && /^application\/([\w.+-]+\+)?json\b/i.test(contentType);

const escapeRegExp = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');

function templatesOf(document: OpenApiDocument): Template[] {
  return Object.keys(document.paths)
    .map((path) => ({
      path,
      pattern: new RegExp(
        `^${path
          .split(/(\{[^}]+\})/)
          .map((part) => (part.startsWith('{') ? '[^/]+' : escapeRegExp(part)))
          .join('')}$`,
      ),
      parameters: (path.match(/\{/g) ?? []).length,
    }))
    .sort((a, b) => a.parameters - b.parameters);
}

/** A checker for one document; the validators it compiles are kept for the next answers. */
function createChecker(documentText: string) {
  const document = JSON.parse(documentText) as OpenApiDocument;
  const templates = templatesOf(document);
  // Not strict: OpenAPI's own keywords (`example`...) may sit in its schemas; every format is
  // checked (ajv-formats), and a format it does not know fails the compile.
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats.default(ajv);
  const validators = new Map<string, ValidateFunction>();
  const validatorFor = (key: string, schema: Record<string, unknown>) => {
    let validate = validators.get(key);
    if (!validate) {
      // `#/components/...` references resolve against the document's components.
      validate = ajv.compile({ ...schema, components: document.components });
      validators.set(key, validate);
    }
    return validate;
  };
  const unknownRouteAnswer = validatorFor('ApiError', {
    $ref: '#/components/schemas/ApiError',
  });

  return async ({ method, url, response }: AnswerToCheck): Promise<string | undefined> => {
    const path = new URL(url, 'http://shop.test').pathname;
    if (!path.startsWith('/api/') && path !== '/api') return undefined;
    const verb = method.toLowerCase();
    const contentType = response.headers.get('content-type');
    const text = await response.clone().text();
    const body = () => {
      try {
        return { value: JSON.parse(text) as unknown };
      } catch {
        return undefined;
      }
    };
    const where = `${method} ${path} answered ${response.status}`;

    const template = templates.find(
      (candidate) => candidate.pattern.test(path) && document.paths[candidate.path]?.[verb],
    );
    if (!template) {
      // A path no operation documents (no route, or one of Better Auth's the document leaves
      // out): only a refusal in the one error shape, e.g. the catch-all's 404, or the text rule's
      // 400 before Better Auth is asked.
      const parsed = body();
      const refusal = response.status >= 400 && response.status < 500;
      if (refusal && isJson(contentType) && parsed) {
        if (unknownRouteAnswer(parsed.value)) return undefined;
        return `${where} for a route not in the document, not in the error shape: ${ajv.errorsText(unknownRouteAnswer.errors)}`;
      }
      return `${where}: ${method} ${path} is not in the published document`;
    }
    const operation = document.paths[template.path]![verb]!;
    const answer = operation.responses[String(response.status)];
    if (!answer) {
      return `${where}: status ${response.status} is not documented for ${method} ${template.path} (documented: ${Object.keys(operation.responses).join(', ')}); body ${text.slice(0, 300)}`;
    }
    if (text.length === 0) return undefined;
    const declared = Object.keys(answer.content ?? {});
    const essence = contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
    if (!declared.includes(essence)) {
      return `${where} with ${contentType ?? 'no content type'}; the document declares ${declared.join(', ') || 'no body'}`;
    }
    if (!isJson(contentType)) return undefined;
    const parsed = body();
    if (!parsed) return `${where} with a body that is not JSON: ${text.slice(0, 200)}`;
    const schema = answer.content![essence]!.schema ?? {};
    const validate = validatorFor(`${verb} ${template.path} ${response.status} ${essence}`, schema);
    if (validate(parsed.value)) return undefined;
    return `${where}, not as documented for ${method} ${template.path}: ${ajv.errorsText(validate.errors)}; body ${text.slice(0, 300)}`;
  };
}

const checkers = new Map<string, ReturnType<typeof createChecker>>();

/** The checker for a document's text (the same text, the same compiled validators). */
export function contractChecker(documentText: string) {
  let checker = checkers.get(documentText);
  if (!checker) {
    checker = createChecker(documentText);
    checkers.set(documentText, checker);
  }
  return checker;
}
