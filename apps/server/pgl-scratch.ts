import { PGlite } from '@electric-sql/pglite';
const db = await PGlite.create();
const r = await db.query(`SELECT $1::json AS j, $2::jsonb AS k, json_typeof($1::json) AS t`, [JSON.stringify([{a:1}]), JSON.stringify({b:2})]);
console.log(r.rows);
const r2 = await db.query(`SELECT $1::text AS j, $2 as x`, [{a:1}, true]);
console.log(r2.rows);
