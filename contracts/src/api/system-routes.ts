import { z } from 'zod';
import { envelopeSchema } from './envelope';
import { defineRoutes } from './route';

/** GET /api/bl-system/menu/routes: the menu tree of one top menu (by id or code), or of all. */
export const menuRoutesQuerySchema = z.object({ topMenuId: z.string().max(64).optional() });
/** GET /api/bl-system/topmenu/listByParams: filter=1 leaves out top menus with nothing the caller may open. */
export const topMenusQuerySchema = z.object({ filter: z.string().max(2).optional() });

const menuNodeSchema = z
  .object({
    id: z.string(),
    code: z.string(),
    name: z.string(),
    path: z.string().optional(),
    category: z.string().optional(),
    sort: z.number().optional(),
    meta: z.object({ i18n: z.string(), isShow: z.boolean() }),
    /** the same shape, one level down */
    children: z.array(z.record(z.string(), z.unknown())),
  })
  .passthrough();
const buttonTreeSchema = z.array(z.object({ code: z.string(), children: z.array(z.object({ code: z.string(), children: z.array(z.never()) })) }));
const topMenuSchema = z.object({ id: z.string(), menuName: z.string(), icon: z.string(), path: z.string(), menuCode: z.string(), sort: z.number() });

/** The shell's calls served by system administration and resources, and the health check. */
export const systemRoutes = defineRoutes({
  menuRoutes: {
    method: 'GET',
    path: '/api/bl-system/menu/routes',
    summary: "The caller's menu tree (menus allocated to the caller's roles, with their parents); topMenuId narrows it to one top menu",
    tag: 'system',
    query: menuRoutesQuerySchema,
    response: envelopeSchema(z.array(menuNodeSchema)),
  },
  menuButtons: {
    method: 'GET',
    path: '/api/bl-system/menu/buttons',
    summary: "The caller's button codes as a tree of code and children (the console flattens it to code -> true)",
    tag: 'system',
    response: envelopeSchema(buttonTreeSchema),
  },
  topMenus: {
    method: 'GET',
    path: '/api/bl-system/topmenu/listByParams',
    summary: 'The top menus, sorted; filter=1 leaves out those with nothing the caller may open',
    tag: 'system',
    query: topMenusQuerySchema,
    response: envelopeSchema(z.array(topMenuSchema)),
  },
  attachUpload: {
    method: 'POST',
    path: '/api/bl-resource/attach/upload',
    summary: "Upload an attachment (multipart field file, at most 50 MB) to the tenant's store; button attach_add",
    tag: 'bl-resource: Attachment',
    upload: true,
    response: envelopeSchema(
      z.object({ id: z.string(), version: z.number().int(), originalName: z.string(), attachSize: z.number().int(), store: z.string(), link: z.string() }),
    ),
  },
  /** spec 01 section 7 as written: GET {base}/system/oss/download/{id}, {base} the system service's prefix (as for {base}/user/getUserInfo) */
  ossDownload: {
    method: 'GET',
    path: '/api/bl-system/system/oss/download/{id}',
    summary: 'Download an attachment by its record id (bearer token header; blob answer); the file name in download-filename',
    tag: 'bl-resource: Attachment',
    response: z.null(),
    download: 'application/octet-stream',
  },
  health: {
    method: 'GET',
    path: '/api/health',
    summary: 'Answers when the database does',
    tag: 'system',
    response: envelopeSchema(z.object({ status: z.literal('up') })),
    auth: false,
  },
  healthLive: {
    method: 'GET',
    path: '/api/health/live',
    summary: 'Liveness: the process answers (the database is not asked: an outage of it must not restart every host)',
    tag: 'system',
    response: envelopeSchema(z.object({ status: z.literal('live') })),
    auth: false,
  },
  healthReady: {
    method: 'GET',
    path: '/api/health/ready',
    summary: 'Readiness: the database answers, the migrations ran and the host is not shutting down; 503 (saying which) otherwise',
    tag: 'system',
    response: envelopeSchema(
      z.object({ status: z.enum(['ready', 'not ready', 'draining']), database: z.boolean(), migrations: z.boolean(), draining: z.boolean() }),
    ),
    auth: false,
  },
  metrics: {
    method: 'GET',
    path: '/metrics',
    summary: "Prometheus' scrape (text exposition format): request latency by route, projection lag, the store's position, leases, the process",
    tag: 'system',
    response: z.null(),
    download: 'text/plain; version=0.0.4',
    auth: false,
  },
});
