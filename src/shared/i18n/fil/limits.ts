/** Ang hagdan ng limit (desisyon 085), sa Filipino (mirrors en/limits.ts). */
export const problems = {
  firstStep: 'Ang unang baitang ng hagdan ng limit ay hindi nangangailangan ng nabayarang loan (sero na loan).',
  loansWhole: 'Ang bilang ng loan na kailangan ng isang baitang ay buong numero, sero o higit pa.',
  ascending:
    'Bawat baitang ng hagdan ng limit ay nangangailangan ng mas maraming loan na nabayaran sa oras at nagbibigay ng mas mataas na halaga kaysa sa nauna.',
  stepPositive: 'Bawat baitang ng hagdan ng limit ay nagbibigay ng halagang higit sa sero.',
  fallbackRange: 'Ang halaga matapos ang malubhang pagkaantala ({{amount}}) ay dapat higit sa sero at hindi hihigit sa unang baitang.',
  days: 'Ang mga araw na nagpapa-late sa bayad para sa hagdan ay buong numero, at ang malubhang pagkaantala ay mas maraming araw kaysa roon.',
} as const;

export const limits = {
  title: 'Ang iyong mga limit sa paghiram',
  officerTitle: 'Mga limit sa paghiram (hagdan ng limit)',
  loading: 'Nilo-load ang iyong mga limit',
  error: 'Hindi ma-load ang iyong mga limit.',
  asOf: 'Noong {{date}}.',
  limit: '{{product}}: hanggang {{amount}} PHP',
  bound: {
    LADDER: 'Itinakda ng hagdan ng limit: baitang {{step}} sa {{steps}}, hanggang {{amount}} PHP.',
    FALLBACK:
      'Ibinaba sa {{amount}} PHP: isang hulog ng huling loan ay {{days}} araw na late (ang malubhang pagkaantala ay {{seriousLateDays}} araw o higit pa).',
    PRODUCT: 'Ang pinakamalaking ipinapahiram ng produktong ito ({{amount}} PHP).',
    INCOME: 'Itinakda ng buwanang netong kita na nakatala: hanggang {{amount}} PHP para sa pinakamahabang terminong pinapayagan nito.',
  },
  ladderStep: 'Hagdan ng limit: baitang {{step}} sa {{steps}}, hanggang {{amount}} PHP.',
  onTimeRule:
    'Binibilang ang isang loan kapag nabayaran ito nang buo at walang hulog na nabayaran nang higit sa {{onTimeDays}} araw matapos ang takdang petsa nito. Binibilang ang mga loan ng bawat produkto.',
  counted_one: '{{count}} loan na nabayaran sa oras ang binibilang:',
  counted_other: '{{count}} na loan na nabayaran sa oras ang binibilang:',
  noneCounted: 'Wala pang loan na nabayaran sa oras.',
  notCounted: 'Hindi binibilang (may hulog na nabayaran nang higit sa {{onTimeDays}} araw matapos ang takdang petsa):',
  loan: '{{product}}, nabayaran noong {{date}}',
  lateLoan: '{{product}}, nabayaran noong {{date}}, may hulog na {{days}} araw na late',
  next_one: 'Bayaran sa oras ang {{count}} pang loan para maabot ang baitang {{step}}: hanggang {{amount}} PHP.',
  next_other: 'Bayaran sa oras ang {{count}} pang loan para maabot ang baitang {{step}}: hanggang {{amount}} PHP.',
  top: 'Ito ang pinakamataas na baitang ng hagdan.',
  fallbackLift:
    'Magbayad ng isang loan na walang hulog na {{seriousLateDays}} araw o higit pang late at muling magbibigay ang hagdan ng hanggang {{amount}} PHP.',
  incomeRaise: 'Ang iyong buwanang netong kita na nakatala ay nagpapahintulot ng hanggang {{amount}} PHP; tataas ito kung mas mataas ang nakatalang kita.',
  wallet: 'Hindi kailanman binabago ng perang nasa iyong wallet ang iyong mga limit.',
  errors: {
    aboveLimit:
      'Ang iyong limit para sa {{product}} ay {{limit}} PHP (ang hagdan ng limit, kasama ang maximum ng produkto). Pumili ng halagang hanggang {{limit}} PHP.',
  },
  problems,
} as const;
