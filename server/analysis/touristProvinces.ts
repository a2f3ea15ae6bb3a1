/** The provinces (and municipalities, regions) by the character that opens their plates. */
const PROVINCE_OF_PLATE: Readonly<Record<string, string>> = {
  京: '北京',
  津: '天津',
  沪: '上海',
  渝: '重庆',
  冀: '河北',
  晋: '山西',
  蒙: '内蒙古',
  辽: '辽宁',
  吉: '吉林',
  黑: '黑龙江',
  苏: '江苏',
  浙: '浙江',
  皖: '安徽',
  闽: '福建',
  赣: '江西',
  鲁: '山东',
  豫: '河南',
  鄂: '湖北',
  湘: '湖南',
  粤: '广东',
  桂: '广西',
  琼: '海南',
  川: '四川',
  贵: '贵州',
  云: '云南',
  藏: '西藏',
  陕: '陕西',
  甘: '甘肃',
  青: '青海',
  宁: '宁夏',
  新: '新疆',
  港: '香港',
  澳: '澳门',
};

/** The province a plate's first character names; a character no province uses stands for itself (其他 when blank). */
export function provinceOfPlate(character: string): string {
  return PROVINCE_OF_PLATE[character] ?? (character.trim() || '其他');
}
