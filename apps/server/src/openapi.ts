/**
 * The OpenAPI document served at /api/docs, generated from the contract: the envelope calls
 * (POST { basic, data }), the device-facing update service under DEVICE_API_PREFIX and the portal's
 * package storage under STORAGE_PATH_PREFIX. Every body and answer schema is the contract's zod
 * schema converted with z.toJSONSchema; only the HTTP framing (headers, statuses, binary bodies)
 * is written here.
 */
import {
  APP_PLATFORM_HEADER,
  APP_VERSION_HEADER,
  APP_VERSION_PATTERN,
  END_USER_LOG_PLATFORMS,
  ALL_CALLS,
  ALL_RAW_ROUTES,
  API_PREFIX,
  APP_API_PREFIX,
  DEVICE_API_PATHS,
  DEVICE_API_PREFIX,
  DEVICE_AUTH_SCHEME,
  deviceRegisterResultSchema,
  deviceRegisterSchema,
  devicePollResultSchema,
  devicePollSchema,
  deviceReportResultSchema,
  deviceReportSchema,
  APP_LIVE_PATH,
  ERROR_CATALOGUE,
  ErrorCodes,
  LIVE_BUFFER_MAX_BYTES,
  LIVE_CLOSE_CODES,
  LIVE_PATH,
  LIVE_TICKET_SECONDS,
  liveCalls,
  liveEventSchema,
  PACKAGE_CHUNK_BYTES,
  POLL_INTERVAL_SECONDS,
  POLL_JITTER,
  SIGNED_URL_TTL_SECONDS,
  STORAGE_PATH_PREFIX,
  STORAGE_TOKEN_TTL_MS,
  upgradeCalls,
  uploadChunkResultSchema,
  uploadStatusSchema,
  type CallDef,
  type RawRouteDef,
  callUrlPath,
  isAppCall,
} from '@portal/contract';
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
    return z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' });
  } catch {
    return {};
  }
}

function authText(call: Pick<RawRouteDef, 'auth'> | Pick<CallDef, 'auth'>) {
  if (call.auth === 'public') return 'Public (no session).';
  if (call.auth === 'appKey')
    return "An app of a brand, before login: `basic.token` is the application's appId and `sign` is keyed with its secret (Applications).";
  if (call.auth === 'endUser')
    return "A signed-in end user of a brand's app: `basic.token` is the end user's session token and `sign` is keyed with its session's signKey (from app-api/account/login).";
  if (call.auth === 'session') return 'Any signed-in user.';
  if (call.auth === 'device') return 'A registered device: `Authorization: Device <sn>:<deviceKey>`.';
  if (call.auth === 'provisioningKey') return "The brand's provisioning key, in the body.";
  if (call.auth === 'signedLink')
    return 'A link signed by the server for one object (made by the call that names it), valid for a short time.';
  if (call.auth === 'storageToken') return `The X-Security-Token of ${upgradeCalls.storageInfo.path}, for one package object.`;
  if (call.auth === 'domain') return "Anyone: answered by the request's domain (what its company published), 404 otherwise.";
  return `Needs one of: ${call.auth.anyOf.join(', ')}${call.auth.supplierOnly ? ' (supplier only)' : ''}.`;
}

/** A call's tag: its path's first part; an app-facing call's `app-api: <part>` (DOMAIN §5: a tag of their own). */
function callTag(call: CallDef): string {
  const parts = call.path.split('/');
  return isAppCall(call) ? `app-api: ${parts[1]}` : parts[0]!;
}

/**
 * What an app tells about itself on every app-facing call, for the brand's end-user log (issue 15):
 * not signed (like User-Agent), kept only when well formed.
 */
const APP_CLIENT_HEADERS = [
  {
    name: APP_PLATFORM_HEADER,
    in: 'header',
    required: false,
    description: `The app's platform; another value is logged as "other"`,
    schema: { type: 'string', enum: [...END_USER_LOG_PLATFORMS] },
  },
  {
    name: APP_VERSION_HEADER,
    in: 'header',
    required: false,
    description: "The app's version (e.g. 3.2.1); kept when it matches the pattern",
    schema: { type: 'string', pattern: APP_VERSION_PATTERN.source },
  },
];

function callPaths(): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (const call of ALL_CALLS) {
    paths[callUrlPath(call)] = {
      post: {
        summary: call.summary,
        description: `${authText(call)}${call.write ? ' Writes to the operation log.' : ''}${call.remoteForbidden ? ' Refused (7050, logged) under remote access.' : ''}`,
        tags: [callTag(call)],
        ...(isAppCall(call) ? { parameters: APP_CLIENT_HEADERS } : {}),
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
  return paths;
}

// ---------------------------------------------------------------------------------------------
// Plain JSON answers { code, msg, data } of the device service and the storage
// ---------------------------------------------------------------------------------------------

/** `{ code, msg, data }`: data with code 200, null with a catalogue code. */
const answerOf = (data: z.ZodType) =>
  z.object({
    code: z.number().int().describe('200, or a catalogue error code (see the table in the description)'),
    msg: z.string().describe('The localized message (Accept-Language or X-Locale)'),
    data: data.nullable().describe('The answer with code 200; null with an error code'),
  });

const REFUSAL = answerOf(z.null());

const json = (schema: z.ZodType, io: 'input' | 'output') => ({ 'application/json': { schema: jsonSchema(schema, io) } });

function answered(description: string, data: z.ZodType) {
  return { description, content: json(answerOf(data), 'output') };
}

function refused(codes: readonly number[], why: string) {
  return { description: `${why}: code ${codes.join(' or ')}, data null`, content: json(REFUSAL, 'output') };
}

const jsonBody = (schema: z.ZodType) => ({ required: true, content: json(schema, 'input') });

const DEVICE_TAG = 'device-api';
const STORAGE_TAG = 'storage';

const binaryBody = { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } };

const headerParam = (name: string, description: string, required = false) => ({
  name,
  in: 'header',
  required,
  description,
  schema: { type: 'string' },
});

const rangeParams = [
  headerParam(
    'Range',
    'One byte range (`bytes=<start>-[<end>]` or `bytes=-<suffix>`), to resume a download; other forms are served in full.',
  ),
  headerParam('If-Range', 'An ETag or Last-Modified date: the range is honoured only while the file is still that one.'),
];

/** The file answers of a download (with Range), shared by the device download and the storage object. */
function fileResponses(extra: Record<number, unknown>) {
  const fileHeaders = {
    'Accept-Ranges': { schema: { type: 'string', enum: ['bytes'] } },
    'Content-Length': { schema: { type: 'integer' } },
    ETag: { schema: { type: 'string' } },
    'Last-Modified': { schema: { type: 'string' } },
    'Content-Disposition': { schema: { type: 'string' } },
  };
  return {
    200: { description: 'The whole file (no Range, or an If-Range that no longer matches)', headers: fileHeaders, content: binaryBody },
    206: {
      description: 'The range asked for',
      headers: { ...fileHeaders, 'Content-Range': { schema: { type: 'string' }, description: 'bytes <start>-<end>/<size>' } },
      content: binaryBody,
    },
    416: {
      description: 'A range beyond the end of the file; Content-Range is `bytes */<size>`',
      headers: { 'Content-Range': { schema: { type: 'string' } } },
    },
    ...extra,
  };
}

function devicePaths(): Record<string, unknown> {
  const url = (p: string) => `${DEVICE_API_PREFIX}/${p}`;
  const deviceKey = [{ deviceKey: [] }];
  const badInput = refused([ErrorCodes.invalidParams, ErrorCodes.malformedJson], 'Malformed JSON or invalid fields (HTTP 400)');
  const badKey = refused([ErrorCodes.deviceKeyInvalid], 'Missing or wrong `Authorization: Device <sn>:<deviceKey>` (HTTP 401)');
  const internal = refused([ErrorCodes.internal], 'Server error');
  return {
    [url(DEVICE_API_PATHS.register)]: {
      post: {
        tags: [DEVICE_TAG],
        summary: "Registers (or re-registers) a device with its brand's provisioning key and answers the device's own key.",
        description:
          'The provisioning key (device/provisioning-key/get) is in the body; no Authorization header. The device key is shown once. ' +
          'A registered device keeps its key: it registers again only with its own key in `deviceKey` (answered back), or after its key ' +
          'was reset in the portal (device/key/reset); otherwise code 24022, whichever brand holds the SN or MAC. Limited per address and per SN ' +
          '(code 1008 with the seconds to wait, and Retry-After). SN and MAC are normalised.',
        security: [],
        requestBody: jsonBody(deviceRegisterSchema),
        responses: {
          200: answered('The device id, its key and the poll interval', deviceRegisterResultSchema),
          400: badInput,
          401: refused([ErrorCodes.provisioningKeyInvalid], 'Unknown provisioning key (HTTP 401)'),
          500: internal,
        },
      },
    },
    [url(DEVICE_API_PATHS.poll)]: {
      post: {
        tags: [DEVICE_TAG],
        summary: 'A device asks whether it has an upgrade to do, telling its model and running version.',
        description:
          `Answers \`action: none\` with the next poll in about ${POLL_INTERVAL_SECONDS} s (±${POLL_JITTER * 100} % jitter), or \`action: upgrade\` ` +
          `with the package's metadata and a signed download URL valid ${SIGNED_URL_TTL_SECONDS} s (GET ${url(DEVICE_API_PATHS.download)}, with Range). ` +
          'One active task per device; a device registered after a task started joins it while it runs, if it matches.',
        security: deviceKey,
        requestBody: jsonBody(devicePollSchema),
        responses: {
          200: answered('Nothing to do, or the upgrade to perform', devicePollResultSchema),
          400: badInput,
          401: badKey,
          500: internal,
        },
      },
    },
    [url(DEVICE_API_PATHS.report)]: {
      post: {
        tags: [DEVICE_TAG],
        summary:
          'A device reports its progress on a task: downloading, installing, success with the version it runs, or failed with its error code.',
        description:
          'Success counts only when firmwareVersion is the package version, reported after the reboot. ' +
          `A report for a task the device is not (or no longer) part of is refused with ${ErrorCodes.deviceTaskMismatch} (HTTP 200).`,
        security: deviceKey,
        requestBody: jsonBody(deviceReportSchema),
        responses: {
          200: answered("The device's state in the task after the report", deviceReportResultSchema),
          400: badInput,
          401: badKey,
          500: internal,
        },
      },
    },
    [url(DEVICE_API_PATHS.download)]: {
      get: {
        tags: [DEVICE_TAG],
        summary: `The package file, by the signed URL a poll answered (valid ${SIGNED_URL_TTL_SECONDS} s); resumable with Range.`,
        description:
          'Use the URL exactly as answered: its query is signed (HMAC over the path and the sorted query). The file is the copy in the ' +
          "device's data centre. A download that breaks off is resumed with `Range: bytes=<received>-` (and If-Range), asking for a new URL by a poll once it expired.",
        security: [],
        parameters: [
          { name: 'pkg', in: 'query', required: true, description: 'Package id', schema: { type: 'integer' } },
          { name: 'dev', in: 'query', required: true, description: 'Device id', schema: { type: 'integer' } },
          { name: 'task', in: 'query', required: true, description: 'Task id', schema: { type: 'integer' } },
          {
            name: 'expires',
            in: 'query',
            required: true,
            description: `Expiry, epoch seconds (issue time + ${SIGNED_URL_TTL_SECONDS})`,
            schema: { type: 'integer' },
          },
          { name: 'signature', in: 'query', required: true, description: 'hex HMAC-SHA256 of the URL', schema: { type: 'string' } },
          ...rangeParams,
        ],
        responses: fileResponses({
          403: refused([ErrorCodes.fileLinkInvalid], 'A tampered or expired URL (HTTP 403)'),
          404: refused([ErrorCodes.notFound], 'The package is gone (HTTP 404)'),
        }),
      },
    },
  };
}

function storagePaths(): Record<string, unknown> {
  const upload = `${STORAGE_PATH_PREFIX}/uploads/firmware/{pkgId}`;
  const token = [{ storageToken: [] }];
  const pkgId = {
    name: 'pkgId',
    in: 'path',
    required: true,
    description: 'Package id (objectName is `uploads/firmware/<pkgId>`)',
    schema: { type: 'integer' },
  };
  const tokenRefusals = [ErrorCodes.storageTokenInvalid, ErrorCodes.notFound];
  return {
    [`${upload}/chunks/{index}`]: {
      put: {
        tags: [STORAGE_TAG],
        summary: `Stores one chunk of a package upload (at most ${PACKAGE_CHUNK_BYTES} bytes, exactly the chunk's length; the last one is shorter).`,
        description:
          `Chunk i holds bytes [i*${PACKAGE_CHUNK_BYTES}, (i+1)*${PACKAGE_CHUNK_BYTES}) of the file. Sending a chunk again replaces it. ` +
          'Only while the package is upload_incomplete. Errors are answered with HTTP 200 and a catalogue code.',
        security: token,
        parameters: [
          pkgId,
          { name: 'index', in: 'path', required: true, description: 'Chunk index from 0', schema: { type: 'integer', minimum: 0 } },
        ],
        requestBody: { required: true, content: binaryBody },
        responses: {
          200: answered(
            `The chunk as stored; or ${[...tokenRefusals, ErrorCodes.uploadChunkInvalid, ErrorCodes.invalidParams, ErrorCodes.illegalTransition].join(', ')} with data null`,
            uploadChunkResultSchema,
          ),
        },
      },
    },
    [`${upload}/status`]: {
      get: {
        tags: [STORAGE_TAG],
        summary: 'The chunks of an upload received so far, to resume it.',
        description: 'Once the upload is complete every chunk counts as received.',
        security: token,
        parameters: [pkgId],
        responses: { 200: answered(`The upload status; or ${tokenRefusals.join(', ')} with data null`, uploadStatusSchema) },
      },
    },
    [`${STORAGE_PATH_PREFIX}/firmware/{companyId}/{pkgId}.bin`]: {
      get: {
        tags: [STORAGE_TAG],
        summary: 'The assembled package file (the objectName of storage-info/get with action download), resumable with Range.',
        description:
          'Needs a download securityToken for that object. A token, package or object that does not fit is answered in JSON, HTTP 200.',
        security: token,
        parameters: [
          { name: 'companyId', in: 'path', required: true, description: "The package owner's company id", schema: { type: 'integer' } },
          { name: 'pkgId', in: 'path', required: true, description: 'Package id', schema: { type: 'integer' } },
          ...rangeParams,
        ],
        responses: fileResponses({}),
      },
    },
  };
}

/** `:name` and a trailing `*` of a route path as OpenAPI writes them. */
const openApiPath = (route: RawRouteDef) => route.docPath ?? route.path.replace(/:([A-Za-z]+)/g, '{$1}').replace(/\*$/, '{path}');

/**
 * Every raw route of the contract (raw-routes.ts), with its declared auth and refusal: the routes
 * described in detail above keep their text and gain the declaration; the others are generated.
 */
function rawRoutePaths(detailed: Record<string, Record<string, Record<string, unknown>>>): Record<string, unknown> {
  const paths: Record<string, Record<string, Record<string, unknown>>> = { ...detailed };
  for (const route of ALL_RAW_ROUTES) {
    const path = openApiPath(route);
    const method = route.method.toLowerCase();
    const declared = {
      'x-portal-auth': route.auth,
      'x-portal-refused': route.refused,
    };
    const refusal = {
      description: `Credentials missing or not valid for this object: code ${route.refused.code}`,
      content: json(
        route.shape === 'plain' ? REFUSAL : z.object({ basic: z.object({ code: z.number().int(), msg: z.string() }) }),
        'output',
      ),
    };
    const known = paths[path]?.[method];
    if (known) {
      paths[path][method] = { ...known, description: `${authText(route)} ${String(known.description ?? '')}`.trim(), ...declared };
      continue;
    }
    const params = [...route.path.matchAll(/:([A-Za-z]+)/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    paths[path] = {
      ...paths[path],
      [method]: {
        tags: [route.path.startsWith(API_PREFIX) ? route.path.slice(API_PREFIX.length + 1).split('/')[0] : 'raw'],
        summary: route.summary,
        description: authText(route),
        ...(params.length ? { parameters: params } : {}),
        // The one raw POST/PUT without its own section above is file/upload: raw bytes.
        ...(route.method === 'GET' ? {} : { requestBody: { required: true, content: binaryBody } }),
        responses:
          route.refused.status === 200
            ? {
                200: {
                  description: `The answer, or a refusal (code ${route.refused.code})`,
                  content: route.file ? { ...binaryBody, ...refusal.content } : refusal.content,
                },
              }
            : {
                200: route.file ? { description: 'The file', content: binaryBody } : { description: 'The answer' },
                [route.refused.status]: refusal,
              },
        ...declared,
      },
    };
  }
  return paths;
}

const LIVE_TAG = 'live';

/**
 * The two live sockets (issue 13 §11): a GET upgraded to a WebSocket, opened with a ticket from
 * a signed call; the server only pushes events (liveEventSchema), one JSON text frame each.
 */
function livePaths() {
  const closes = Object.entries(LIVE_CLOSE_CODES)
    .map(([why, code]) => `${code} ${why}`)
    .join(', ');
  const socket = (path: string, ticketCall: string, who: string) => ({
    [path]: {
      get: {
        tags: [LIVE_TAG],
        summary: `The live socket of ${who} (WebSocket)`,
        description:
          `Opened with \`Upgrade: websocket\` and \`?ticket=\` from ${ticketCall} (single use, ${LIVE_TICKET_SECONDS} s). ` +
          `The server pushes one JSON text frame per event (see the 101 answer's schema) and reads nothing; sends stay signed calls. ` +
          `After a reconnect or a \`resync\` event the client fetches what it holds again (chat history after its last seq). ` +
          `Close codes: ${closes}; a socket more than ${LIVE_BUFFER_MAX_BYTES} bytes behind is closed (tooSlow). ` +
          `A socket asked for with a missing, used or expired ticket is accepted and closed at once with ${LIVE_CLOSE_CODES.ticketInvalid} ` +
          `(ticketInvalid), its reason \`${ErrorCodes.liveTicketInvalid} <message>\` in the caller's locale: ask for a new ticket. ` +
          `The same request without an upgrade is answered HTTP 401 with { code: ${ErrorCodes.liveTicketInvalid}, msg }.`,
        parameters: [{ name: 'ticket', in: 'query', required: true, schema: { type: 'string' } }],
        responses: {
          101: { description: 'Switching protocols: the socket is open; events follow', content: json(liveEventSchema, 'output') },
          401: {
            description: `The ticket is missing, used or expired (code ${ErrorCodes.liveTicketInvalid})`,
            content: json(REFUSAL, 'output'),
          },
        },
      },
    },
  });
  return {
    ...socket(LIVE_PATH, `${API_PREFIX}/${liveCalls.ticket.path}`, 'a portal user'),
    ...socket(APP_LIVE_PATH, callUrlPath(liveCalls.appTicket), "a brand app's end user"),
  };
}

/** The OpenAPI document, generated from the contract's call definitions and schemas. */
export function buildOpenApiDocument() {
  const codes = Object.entries(ERROR_CATALOGUE)
    .map(([c, e]) => `| ${c} | ${e.en} | ${e.zh} |`)
    .join('\n');
  const storageInfoCall = upgradeCalls.storageInfo.path;
  return {
    openapi: '3.0.3',
    info: {
      title: 'Partner and dealer portal API',
      version: '1.0',
      description:
        `Portal calls (under ${API_PREFIX}) are POST with { basic, data } and answer { basic: { code, msg }, data }. ` +
        `The app-facing API (under ${APP_API_PREFIX}, tags "app-api: ...") has the same envelope, signing, nonce and time window: ` +
        `before login basic.token is the application's appId and the sign is keyed with its secret, after login the end user's session token and signKey. ` +
        `The device update service (under ${DEVICE_API_PREFIX}) and the package storage (under ${STORAGE_PATH_PREFIX}) ` +
        `answer plain JSON { code, msg, data }.\n\n| code | en-US | zh-CN |\n|---|---|---|\n${codes}`,
    },
    tags: [
      { name: DEVICE_TAG, description: 'The device-facing update service: devices register, poll, download and report.' },
      { name: LIVE_TAG, description: 'Live sockets: events that keep unread badges and open conversations current without polling.' },
      {
        name: STORAGE_TAG,
        description: `The portal's package storage (storageType portal), reached with the credentials of ${storageInfoCall}.`,
      },
    ],
    paths: {
      ...callPaths(),
      ...rawRoutePaths({ ...devicePaths(), ...storagePaths() } as Record<string, Record<string, Record<string, unknown>>>),
      ...livePaths(),
    },
    components: {
      securitySchemes: {
        deviceKey: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: `\`${DEVICE_AUTH_SCHEME} <sn>:<deviceKey>\`: the device's SN and the key register answered.`,
        },
        storageToken: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Security-Token',
          description: `The storageInfo.securityToken of ${storageInfoCall}, for one package object and action (upload or download); valid ${STORAGE_TOKEN_TTL_MS / 60_000} minutes.`,
        },
      },
    },
  };
}
