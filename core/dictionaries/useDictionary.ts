import { useEffect, useMemo, useState } from 'react';
import type { DictDataRow } from '../../contracts/api/platformRoutes';
import { routes } from '../../contracts/api/routes';
import { errorMessage } from '../../contracts/errorMessage';
import { useService } from '../di/useService';
import { Api, type ApiCaller } from '../http/ApiCaller';

/** Blueprint's intents, from a dictionary entry's RuoYi list class (danger, warning, primary, success; anything else: none). */
export type DictionaryIntent = 'none' | 'primary' | 'success' | 'warning' | 'danger';

/** A dictionary as a screen uses it: its entries in order, options for a select, and a label and intent per value. */
export interface Dictionary {
  status: 'loading' | 'ready' | 'error';
  error?: string;
  entries: readonly DictDataRow[];
  options: readonly { value: string; label: string }[];
  /** The value's label; the value itself when the dictionary does not know it (or has not loaded yet). */
  label(value: string | null | undefined): string;
  intent(value: string | null | undefined): DictionaryIntent;
}

const INTENTS: readonly string[] = ['primary', 'success', 'warning', 'danger'];
const isIntent = (listClass: string): listClass is DictionaryIntent => INTENTS.includes(listClass);

/** One request per dictionary type per API caller (one per signed-in page load); a failed one is asked again next time. */
const requests = new WeakMap<ApiCaller, Map<string, Promise<readonly DictDataRow[]>>>();

/** A dictionary's entries (`GET /system/dict/data/type/{type}`), asked for once and shared by every screen that reads it. */
export function loadDictionary(api: ApiCaller, type: string): Promise<readonly DictDataRow[]> {
  let byType = requests.get(api);
  if (!byType) requests.set(api, (byType = new Map()));
  let request = byType.get(type);
  if (!request) {
    request = api.call(routes.platform.dict, { params: { type } }, { loading: false, quiet: true }).then((reply) => reply.data);
    const cache = byType;
    request.catch(() => cache.delete(type));
    byType.set(type, request);
  }
  return request;
}

/** Labels, options and intents of the entries (exported for the tests and for stories without a server). */
export function dictionaryOf(entries: readonly DictDataRow[], status: Dictionary['status'] = 'ready', error?: string): Dictionary {
  const byValue = new Map(entries.map((entry) => [entry.dictValue, entry]));
  return {
    status,
    ...(error ? { error } : {}),
    entries,
    options: entries.map((entry) => ({ value: entry.dictValue, label: entry.dictLabel })),
    label: (value) => (value === null || value === undefined ? '' : (byValue.get(value)?.dictLabel ?? value)),
    intent: (value) => {
      const listClass = value === null || value === undefined ? '' : (byValue.get(value)?.listClass ?? '');
      return isIntent(listClass) ? listClass : 'none';
    },
  };
}

/**
 * A server dictionary in a component: the selects' options and the labels of coded values come from
 * here, never from a table of labels in the browser. The first screen to read a type asks the server;
 * the others (and later visits) share that answer for the rest of the session.
 */
export function useDictionary(type: string): Dictionary {
  const api = useService(Api);
  const [state, setState] = useState<{ type: string; entries: readonly DictDataRow[]; status: Dictionary['status']; error?: string }>({
    type,
    entries: [],
    status: 'loading',
  });
  useEffect(() => {
    let current = true;
    loadDictionary(api, type).then(
      (entries) => current && setState({ type, entries, status: 'ready' }),
      (error: unknown) => current && setState({ type, entries: [], status: 'error', error: errorMessage(error) }),
    );
    return () => {
      current = false;
    };
  }, [api, type]);
  const fresh = state.type === type;
  return useMemo(() => (fresh ? dictionaryOf(state.entries, state.status, state.error) : dictionaryOf([], 'loading')), [fresh, state]);
}
