import { ALL_CALLS, API_PREFIX, ERROR_CATALOGUE, type CallDef } from '@portal/contract';
import { z } from 'zod';

const basicJson = {
  type: 'object',
  required: ['ver', 'time', 'id', 'nonce', 'token', 'sign'],
  properties: {
    ver: { type: 'string', example: '1.0' },
    time: { type: 'integer', description: 'Client time in ms; must be within ±5 minutes of the server' },
    id: { type: 'string', description: 'Request id, logged with every line' },
    nonce: { type: 'integer', maximum: 2147483646, description: 'Accepted once per session' },
    token: { type: 'string', description: "Session token; '' for public calls" },
    sign: { type: 'string', description: 'hex HMAC-SHA256(signKey, ver\\ntime\\nid\\nnonce\\ntoken\\nsha256(canonicalJson(data)))' },
  },
};

function jsonSchema(schema: z.ZodType, io: 'input' | 'output') {
  try {
    return z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  } catch {
    return {};
  }
}

function authText(call: CallDef) {
  if (call.auth === 'public') return 'Public (no session).';
  if (call.auth === 'session') return 'Any signed-in user.';
  return `Needs one of: ${call.auth.anyOf.join(', ')}${call.auth.supplierOnly ? ' (supplier only)' : ''}.`;
}

/** The OpenAPI document, generated from the contract's call definitions. */
export function buildOpenApiDocument() {
  const paths: Record<string, unknown> = {};
  for (const call of ALL_CALLS) {
    paths[`${API_PREFIX}/${call.path}`] = {
      post: {
        summary: call.summary,
        description: `${authText(call)}${call.write ? ' Writes to the operation log.' : ''}`,
        tags: [call.path.split('/')[0]],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { type: 'object', required: ['basic'], properties: { basic: basicJson, data: jsonSchema(call.data, 'input') } },
            },
          },
        },
        responses: {
          200: {
            description: 'basic.code 200 with data, or a catalogue error code with its localized msg',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    basic: { type: 'object', properties: { code: { type: 'integer' }, msg: { type: 'string' } } },
                    data: jsonSchema(call.result, 'output'),
                  },
                },
              },
            },
          },
        },
      },
    };
  }
  const codes = Object.entries(ERROR_CATALOGUE)
    .map(([c, e]) => `| ${c} | ${e.en} | ${e.zh} |`)
    .join('\n');
  return {
    openapi: '3.0.3',
    info: {
      title: 'Partner and dealer portal API',
      version: '1.0',
      description: `Every call is POST with { basic, data } and answers { basic: { code, msg }, data }.\n\n| code | en-US | zh-CN |\n|---|---|---|\n${codes}`,
    },
    paths,
  };
}
