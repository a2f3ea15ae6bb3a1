/** What a service address setting accepts (DATABASE_URL, MQTT_URL, SPEECH_TO_TEXT_URL, JANUS_URL …). */
export interface ServiceUrlRule {
  /** The protocols accepted, with their colon ('mqtt:'). */
  protocols: readonly string[];
  /** How the refusal names them after 只支持; default: each as a:// joined by 、. */
  protocolsText?: string;
  /** An address of the right form, shown in every refusal. */
  example: string;
  /** A user or password in the address is refused with this text; absent: allowed (and hidden in refusals). */
  credentialsRefused?: string;
  /** The host may be given as ?host= instead (PostgreSQL's Unix sockets). */
  hostInQuery?: boolean;
  /** A path is required, else refused with this text (a database's name). */
  pathRequired?: string;
}

/** The address with its password, if any, replaced by *** (refusals are logged). */
const hidePassword = (text: string) => text.replace(/^([^:/]+:\/\/[^:@/]*):[^/]*@/, '$1:***@');

/**
 * The setting `name`'s address, trimmed; undefined when empty or absent (the service is not used). Anything else
 * that is not an address of `rule` throws a Chinese error naming the setting, what is wrong and the expected form.
 */
export function parseServiceUrl(name: string, value: string | undefined, rule: ServiceUrlRule): string | undefined {
  const text = value?.trim() ?? '';
  if (text === '') return undefined;
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  const refuse = (why: string) => new Error(`${name} ${why}，应形如 ${rule.example}，当前为 "${hidePassword(text)}"`);
  if (!url) throw refuse('不是有效的地址');
  if (!rule.protocols.includes(url.protocol))
    throw refuse(`只支持 ${rule.protocolsText ?? rule.protocols.map((protocol) => `${protocol}//`).join('、')}`);
  if (!url.hostname && !(rule.hostInQuery && url.searchParams.get('host'))) throw refuse('缺少主机');
  if (rule.credentialsRefused && (url.username || url.password)) throw refuse(rule.credentialsRefused);
  if (rule.pathRequired && url.pathname.length <= 1) throw refuse(rule.pathRequired);
  return text;
}
