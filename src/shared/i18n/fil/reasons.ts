/** Filipino messages of the 'reasons' namespace (keys mirror src/shared/i18n/en/reasons.ts). */
export const reasons = {
  loanRejection: {
    INCOME_NOT_VERIFIED: 'Hindi namin ma-verify ang kitang idineklara mo.',
    INCOME_INSUFFICIENT: 'Hindi kaya ng na-verify mong kita ang mga hulog ng loan na ito.',
    IDENTITY_NOT_VERIFIED: 'Hindi namin ma-verify ang iyong pagkakakilanlan mula sa ID at selfie na ibinigay mo.',
    DOCUMENTS_UNREADABLE: 'Hindi mabasa ang mga larawan ng iyong ID. Maaari kang mag-upload ng malinaw na larawan at mag-apply muli.',
    EMPLOYMENT_NOT_VERIFIED: 'Hindi namin ma-verify ang iyong trabaho.',
    AGE_NOT_ELIGIBLE: 'Ang iyong edad ay wala sa saklaw na pinapayagan ng aming loan product.',
    INFORMATION_INCONSISTENT: 'May impormasyon sa iyong aplikasyon na hindi tugma sa aming na-verify.',
    CREDIT_POLICY: 'Hindi pasok ang iyong aplikasyon sa aming credit policy sa ngayon.',
  },
  extensionDecline: {
    REPAYMENT_HISTORY: 'Hindi pa nagpapahintulot ng extension ang iyong mga naging bayad sa ngayon.',
    CAPACITY_NOT_IMPROVED: 'Hindi magiging kaya ang iyong mga hulog sa mas mahabang termino batay sa na-verify mong kita.',
    TERM_TOO_LONG: 'Mas mahaba ang terminong hiningi mo kaysa sa kaya naming ialok sa loan na ito. Maaari kang humingi ng mas maikli.',
    INFORMATION_NEEDED: 'Kailangan muna namin ng karagdagang impormasyon mula sa iyo. Makipag-ugnayan sa aming support team.',
    CREDIT_POLICY: 'Hindi tugma ang iyong hiling sa aming credit policy sa ngayon.',
  },
  counterOffer: {
    REPAYMENT_CAPACITY: 'Masyadong mataas ang buwanang hulog ng halagang in-apply mo para sa na-verify mong kita.',
    VERIFIED_INCOME_LOWER: 'Mas mababa ang na-verify mong kita kaysa sa kitang idineklara mo.',
    FIRST_LOAN_LIMIT: 'Mas mababang halaga ang iniaalok namin sa unang loan sa amin.',
    TERM_ADJUSTED: 'Inayos namin ang termino para tumugma sa iyong kakayahang magbayad.',
    CREDIT_POLICY_LIMIT: 'Mas mababang halaga ang pinapayagan ng aming credit policy para sa iyong profile sa ngayon.',
  },
  payoutFailure: {
    ACCOUNT_NOT_FOUND: 'Hindi mahanap ng tumatanggap na bangko o e-wallet ang iyong account number.',
    ACCOUNT_NAME_MISMATCH: 'Hindi tugma ang pangalan ng account sa pangalan ng tumatanggap na account.',
    ACCOUNT_CLOSED: 'Sarado na ang tumatanggap na account o hindi ito makatanggap ng transfer.',
    BANK_DECLINED: 'Tinanggihan ng tumatanggap na bangko o e-wallet ang transfer.',
    BANK_UNAVAILABLE: 'Hindi available ang tumatanggap na bangko o e-wallet. Maaari kang mag-withdraw muli.',
    RECEIVING_LIMIT: 'Lampas ang transfer sa kayang tanggapin ng tumatanggap na account.',
  },
  withdrawalSystem: {
    CODE_NOT_CONFIRMED: 'Hindi nakumpirma ang code sa takdang oras, kaya nag-expire ang withdrawal.',
  },
  deletionRejection: {
    OPEN_OBLIGATIONS:
      'May loan ka pang babayaran, may pera pa sa iyong wallet, o may withdrawal pang pinoproseso. Kapag naayos na ang mga ito, maaari kang humiling muli.',
    IDENTITY_NOT_CONFIRMED: 'Hindi namin makumpirma na ikaw ang nagpadala ng kahilingan. Makipag-ugnayan sa aming Data Protection Officer.',
    LEGAL_HOLD: 'Kailangan pa ang iyong mga record para sa isang legal na usapin o imbestigasyong bukas pa, kaya hindi pa namin ito mabubura.',
    WITHDRAWN_BY_MEMBER: 'Sinabi mo sa amin na ayaw mo nang ipabura ang iyong data.',
  },
  admin: {
    choose: 'Pumili ng dahilan',
    reasonLabel: 'Dahilan (ito ang mababasa ng borrower)',
    noteLabel: 'Panloob na tala (para sa staff lang: hindi kailanman ipinapakita sa borrower)',
    noteHint: 'Nakatala sa audit log at sa back office. Huwag kausapin dito ang borrower.',
  },
} as const;
