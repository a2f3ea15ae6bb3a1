import type { DictDataRow } from '../contracts/api/platformRoutes';
import { ServiceMap } from '../core/di/ServiceLocator';
import type { Token } from '../core/di/Token';
import { Api, createApiCaller } from '../core/http/ApiCaller';
import type { ApiEnvelope, HttpClient } from '../core/http/HttpClient';
import { Notifier, type Notifier as NotifierService } from '../core/ui/Notifier';
import { seedDicts } from '../server/seed/seedData';

const DICTIONARY_PATH = /^\/system\/dict\/data\/type\/([a-z0-9_]+)$/;

/** The server's seeded dictionaries, as GET /system/dict/data/type/{type} answers them (screens read labels through useDictionary). */
function dictionaryRows(type: string): DictDataRow[] {
  const entries = seedDicts.find(([dictType]) => dictType === type)?.[1] ?? [];
  return entries.map(([dictLabel, dictValue, listClass], index) => ({
    dictCode: index + 1,
    dictSort: index + 1,
    dictLabel,
    dictValue,
    dictType: type,
    cssClass: '',
    listClass,
    isDefault: index === 0 ? 'Y' : 'N',
  }));
}

/** A stand-in server for stories: the dictionaries answer, any other call is refused (a story passes its own Api for more). */
const storyHttp: HttpClient = {
  async get<T>(path: string): Promise<ApiEnvelope<T>> {
    const type = DICTIONARY_PATH.exec(path)?.[1];
    if (type === undefined) throw new Error(`故事中没有接口 ${path}`);
    const envelope: ApiEnvelope<unknown> = { code: 200, msg: '操作成功', data: dictionaryRows(type) };
    return envelope as ApiEnvelope<T>;
  },
  post: async (path) => Promise.reject(new Error(`故事中没有接口 ${path}`)),
  put: async (path) => Promise.reject(new Error(`故事中没有接口 ${path}`)),
  delete: async (path) => Promise.reject(new Error(`故事中没有接口 ${path}`)),
};

/** Fakes for the core services; a story (or test) replaces any of them with `parameters.services`. */
export function createStoryContainer(overrides: Record<symbol, unknown> = {}): ServiceMap {
  const notifier: NotifierService = { show: () => undefined };
  const services = new ServiceMap().set(Notifier, notifier).set(Api, createApiCaller(storyHttp));
  for (const token of Object.getOwnPropertySymbols(overrides)) services.set(token as Token<unknown>, overrides[token]);
  return services;
}
