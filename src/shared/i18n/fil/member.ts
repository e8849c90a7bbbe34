/** Filipino messages of the 'member' namespace. */
export const member = {
  nav: {
    label: 'Menu ng miyembro',
    home: 'Home',
    wallet: 'Wallet',
    loan: 'Utang',
    settings: 'Settings',
    activate: 'I-activate',
    signOut: 'Mag-sign Out',
    logout: 'Logout',
    locked: '(i-activate muna ang iyong account)',
  },
  guard: {
    checking: 'Sinusuri ang iyong session',
  },
  dash: {
    greeting: 'Kumusta, {{name}}!',
    intro: 'Ito ang iyong Tapat home.',
    banner: 'I-activate ang iyong account bago mag-apply ng loan',
    bannerText: 'Sabihin sa amin kung sino ka at saan ipapadala ang iyong loan. Mga 10 minuto ito.',
    activateButton: 'I-activate ang Account',
    loanTitle: 'Aplikasyon sa loan',
  },
  wallet: {
    title: 'Wallet',
    placeholder: 'Lalabas dito ang iyong wallet kapag mayroon ka nang loan.',
    empty: 'Wala pa kaming natatanggap na aplikasyon sa loan.',
    noFees: 'Hindi ka kailanman pagbabayarin ng Tapat para matanggap o ma-withdraw ang isang loan.',
  },
  settings: {
    title: 'Settings',
    phone: 'Numero ng telepono',
    reveal: 'Ipakita',
    revealLabel: 'Ipakita ang numero ng telepono nang 3 segundo',
    hide: 'Itago',
    name: 'Pangalan',
  },
  activate: {
    title: 'I-activate ang iyong account',
    intro:
      'Bago ka makapag-apply ng loan, kailangan naming kumpirmahin kung sino ka at saan ipapadala ang pera. Dapat kilala ng bawat lisensyadong nagpapautang sa Pilipinas ang mga nangungutang dito.',
    whatTitle: 'Ano ang hihingin namin',
    what: {
      personal: 'Personal na impormasyon: pangalan, petsa ng kapanganakan, kasarian, civil status at nasyonalidad.',
      address: 'Ang iyong address: kung saan ka nakatira ngayon.',
      references: 'Dalawang character reference: mga taong kilala ka nang mabuti. Hindi namin sila kailanman kokontakin para maningil ng utang.',
      identity: 'Isang government-issued ID (harap at likod) at isang selfie, para makumpirma naming iyo ang ID.',
      bank: 'Isang bank o e-wallet account sa sarili mong pangalan, kung saan namin ipapadala ang iyong loan.',
    },
    whyTitle: 'Bakit namin ito hinihingi',
    why: 'Ginagamit namin ang impormasyong ito para kumpirmahin ang iyong pagkakakilanlan, maiwasan ang panloloko, at mag-alok ng halagang kaya mong bayaran. Hindi namin ito ginagamit sa iba pang bagay.',
    protectTitle: 'Paano pinoprotektahan ang iyong data',
    protect:
      'Ang iyong data ay pinangangasiwaan ayon sa Data Privacy Act of 2012. Pananatilihing pribado ang iyong ID at selfie, hindi kailanman nasa pampublikong web address, at itatala ang bawat pagtingin ng staff sa mga ito. Maaari kang humingi anumang oras sa aming Data Protection Officer ng kopya ng iyong data o ng pagbura nito.',
    timeTitle: 'Gaano katagal',
    time: 'Mga 10 minuto. Ihanda ang iyong ID at ang detalye ng iyong bank o e-wallet.',
    soon: 'Bubuksan ang mga hakbang ng pag-activate sa susunod na release ng Tapat. Wala ka pang kailangang punan; gagabayan ka ng pahinang ito kapag handa na.',
    backHome: 'Bumalik sa Home',
  },
} as const;
