import {
  APP_PLATFORM_HEADER,
  APP_VERSION_HEADER,
  ALL_CALLS,
  ALL_RAW_ROUTES,
  API_PREFIX,
  APP_API_PREFIX,
  callUrlPath,
  rawRoutes,
  DEVICE_API_PATHS,
  DEVICE_API_PREFIX,
  DEVICE_REPORT_STATUSES,
  deviceRegisterResultSchema,
  deviceRegisterSchema,
  devicePollResultSchema,
  devicePollSchema,
  deviceReportResultSchema,
  deviceReportSchema,
  APP_LIVE_PATH,
  ErrorCodes,
  LIVE_CLOSE_CODES,
  LIVE_PATH,
  liveEventSchema,
  SIGNED_URL_TTL_SECONDS,
  STORAGE_PATH_PREFIX,
  uploadChunkResultSchema,
  uploadStatusSchema,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SECURITY_TOKEN_HEADER, uploadObjectName } from '../../src/modules/cloud-upgrade/packages.storage';
import { createTestApp, type TestApp } from '../support/app';

/* eslint-disable @typescript-eslint/no-explicit-any -- the document is plain JSON walked by path */

/** The JSON Schema the document must hold for a contract schema (the generator's own settings). */
const fromContract = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' });
const jsonOf = (op: any, status: number | string = 200) => op.responses[status].content['application/json'].schema;

describe('API documentation', () => {
  let t: TestApp;
  let doc: any;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(() => t?.close());

  it('serves an OpenAPI document generated from the contract, with every call', () => {
    expect(doc.openapi).toMatch(/^3\./);
    for (const call of ALL_CALLS) expect(doc.paths[callUrlPath(call)]?.post, call.path).toBeTruthy();
    // The app-facing calls under /v1.0/app-api, each tagged `app-api: <part>`, saying how they are signed.
    const bind = doc.paths[`${APP_API_PREFIX}/device/bind`].post;
    expect(bind.tags).toEqual(['app-api: device']);
    expect(bind.description).toContain('session token');
    // The app's platform and version headers (the end-user log), on app calls only.
    expect(bind.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`)).toEqual([
      `header:${APP_PLATFORM_HEADER}`,
      `header:${APP_VERSION_HEADER}`,
    ]);
    expect(doc.paths[`${API_PREFIX}/auth/login`].post.parameters).toBeUndefined();
    expect(doc.paths[`${APP_API_PREFIX}/account/login`].post.description).toContain('appId');
    const login = doc.paths[`${API_PREFIX}/auth/login`].post;
    expect(login.requestBody.content['application/json'].schema.properties.data.properties.account).toBeTruthy();
  });

  describe('the device update service', () => {
    const path = (p: string) => `${DEVICE_API_PREFIX}/${p}`;

    it('documents register, poll and report with the contract schemas, answered { code, msg, data }', () => {
      const cases = [
        [DEVICE_API_PATHS.register, deviceRegisterSchema, deviceRegisterResultSchema],
        [DEVICE_API_PATHS.poll, devicePollSchema, devicePollResultSchema],
        [DEVICE_API_PATHS.report, deviceReportSchema, deviceReportResultSchema],
      ] as const;
      for (const [p, body, result] of cases) {
        const op = doc.paths[path(p)]?.post;
        expect(op, p).toBeTruthy();
        expect(op.tags).toEqual(['device-api']);
        expect(op.requestBody.content['application/json'].schema, p).toEqual(fromContract(body, 'input'));
        const answer = jsonOf(op);
        expect(answer.required).toEqual(['code', 'msg', 'data']);
        expect(answer.properties.code.type).toBe('integer');
        expect(answer.properties.msg.type).toBe('string');
        const { nullable, description: _d, ...data } = answer.properties.data;
        expect(nullable).toBe(true);
        expect(data, p).toEqual(fromContract(result, 'output'));
        // A refusal carries data null.
        expect(jsonOf(op, 400).properties.data).toMatchObject({ nullable: true, enum: [null] });
      }
      const poll = doc.paths[path(DEVICE_API_PATHS.poll)].post;
      const upgrade = jsonOf(poll).properties.data.oneOf.find((o: any) => o.properties.action.enum[0] === 'upgrade');
      expect(upgrade.properties.package.properties.url.type).toBe('string');
      expect(poll.description).toContain(`${SIGNED_URL_TTL_SECONDS} s`);
      const report = doc.paths[path(DEVICE_API_PATHS.report)].post;
      expect(report.requestBody.content['application/json'].schema.properties.status.enum).toEqual([...DEVICE_REPORT_STATUSES]);
    });

    it('authenticates poll and report by `Authorization: Device <sn>:<key>`, register by the provisioning key in the body', () => {
      expect(doc.components.securitySchemes.deviceKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'Authorization' });
      expect(doc.components.securitySchemes.deviceKey.description).toContain('Device <sn>:<deviceKey>');
      expect(doc.paths[path(DEVICE_API_PATHS.poll)].post.security).toEqual([{ deviceKey: [] }]);
      expect(doc.paths[path(DEVICE_API_PATHS.report)].post.security).toEqual([{ deviceKey: [] }]);
      const register = doc.paths[path(DEVICE_API_PATHS.register)].post;
      expect(register.security).toEqual([]);
      expect(register.requestBody.content['application/json'].schema.required).toContain('provisioningKey');
      expect(Object.keys(doc.paths[path(DEVICE_API_PATHS.poll)].post.responses)).toEqual(expect.arrayContaining(['200', '400', '401']));
    });

    it('documents the signed download: its query, Range and the 200/206/403/416 answers', () => {
      const op = doc.paths[path(DEVICE_API_PATHS.download)]?.get;
      expect(op).toBeTruthy();
      expect(op.summary).toContain(`${SIGNED_URL_TTL_SECONDS} s`);
      const params = op.parameters.map((p: any) => `${p.in}:${p.name}`);
      expect(params).toEqual(
        expect.arrayContaining([
          'query:pkg',
          'query:dev',
          'query:task',
          'query:expires',
          'query:signature',
          'header:Range',
          'header:If-Range',
        ]),
      );
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '206', '403', '404', '416']));
      expect(op.responses[206].headers['Content-Range']).toBeTruthy();
      expect(op.responses[206].content['application/octet-stream'].schema).toEqual({ type: 'string', format: 'binary' });
      expect(jsonOf(op, 403).properties.code).toBeTruthy();
    });
  });

  describe('the package storage', () => {
    const upload = `${STORAGE_PATH_PREFIX}/${uploadObjectName(0).replace(/0$/, '{pkgId}')}`;

    it('documents PUT chunk, GET status and GET object with X-Security-Token and the contract schemas', () => {
      const scheme = doc.components.securitySchemes.storageToken;
      expect(scheme).toMatchObject({ type: 'apiKey', in: 'header' });
      expect(scheme.name.toLowerCase()).toBe(SECURITY_TOKEN_HEADER);

      const put = doc.paths[`${upload}/chunks/{index}`]?.put;
      expect(put).toBeTruthy();
      expect(put.security).toEqual([{ storageToken: [] }]);
      expect(put.requestBody.content['application/octet-stream'].schema.format).toBe('binary');
      expect(put.parameters.map((p: any) => p.name)).toEqual(['pkgId', 'index']);
      const { nullable: _n, description: _d, ...chunk } = jsonOf(put).properties.data;
      expect(chunk).toEqual(fromContract(uploadChunkResultSchema, 'output'));

      const status = doc.paths[`${upload}/status`]?.get;
      expect(status.security).toEqual([{ storageToken: [] }]);
      const { nullable: _n2, description: _d2, ...st } = jsonOf(status).properties.data;
      expect(st).toEqual(fromContract(uploadStatusSchema, 'output'));

      const object = doc.paths[`${STORAGE_PATH_PREFIX}/firmware/{companyId}/{pkgId}.bin`]?.get;
      expect(object.security).toEqual([{ storageToken: [] }]);
      expect(object.parameters.map((p: any) => p.name)).toContain('Range');
      expect(Object.keys(object.responses)).toEqual(expect.arrayContaining(['200', '206', '416']));
    });
  });

  it('documents only routes the server has: each non-call path answers, none is an unknown route', async () => {
    const extra = Object.entries(doc.paths as Record<string, Record<string, unknown>>).filter(
      ([p]) => !p.startsWith(API_PREFIX) && !p.startsWith(APP_API_PREFIX),
    );
    expect(extra.length).toBe(12); // the device API (with its two log uploads), storage, well-known files
    for (const [p, ops] of extra) {
      for (const method of Object.keys(ops)) {
        const url = p.replace(/\{\w+\}/g, '1');
        const res = await t.app.inject({
          method: method.toUpperCase() as 'GET' | 'POST' | 'PUT',
          url,
          ...(method === 'put'
            ? { payload: Buffer.from('x'), headers: { 'content-type': 'application/octet-stream' } }
            : method === 'post'
              ? { payload: {} }
              : {}),
        });
        const body = res.json();
        expect(body.basic?.code, `${method} ${p}`).not.toBe(ErrorCodes.unknownCall);
        expect(typeof body.code, `${method} ${p}: ${res.body}`).toBe('number');
      }
    }
  });

  it('documents the two live sockets: ticket, pushed events, close codes, and the 401 a bad ticket gets', async () => {
    for (const path of [LIVE_PATH, APP_LIVE_PATH]) {
      const op = doc.paths[path]?.get;
      expect(op, path).toBeTruthy();
      expect(op.tags).toEqual(['live']);
      expect(op.parameters).toEqual([{ name: 'ticket', in: 'query', required: true, schema: { type: 'string' } }]);
      expect(jsonOf(op, 101)).toEqual(fromContract(liveEventSchema, 'output'));
      for (const code of Object.values(LIVE_CLOSE_CODES)) expect(op.description).toContain(String(code));
      // The route is there: without a ticket it answers the documented refusal.
      const res = await t.app.inject({ method: 'GET', url: `${path}?ticket=nope` });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe(ErrorCodes.liveTicketInvalid);
      expect(op.responses[401].description).toContain(String(ErrorCodes.liveTicketInvalid));
    }
  });

  it('serves the docs page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/swagger/i);
  });
});

describe('raw routes in the API documentation', () => {
  let t: TestApp;
  let doc: any;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  });
  afterAll(() => t?.close());

  it('lists every raw route of the contract with its declared auth and refusal', () => {
    for (const route of ALL_RAW_ROUTES) {
      const path = route.docPath ?? route.path.replace(/:([A-Za-z]+)/g, '{$1}');
      const op = doc.paths[path]?.[route.method.toLowerCase()];
      expect(op, `${route.method} ${path}`).toBeTruthy();
      expect(op['x-portal-auth'], path).toEqual(route.auth);
      expect(op['x-portal-refused'], path).toEqual(route.refused);
      expect(op.description.length, path).toBeGreaterThan(10);
    }
    const upload = doc.paths[rawRoutes.fileUpload.path].post;
    expect(upload.description).toContain('Any signed-in user');
    expect(doc.paths[rawRoutes.fileGet.path].get.responses[403]).toBeTruthy();
  });
});
