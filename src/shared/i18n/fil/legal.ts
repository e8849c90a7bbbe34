/**
 * Filipino messages of the 'legal' namespace: the Terms and Conditions and the Privacy Policy in
 * plain Filipino. Laws, agencies and registration numbers keep their official (English) names.
 */
export const legal = {
  contents: 'Nilalaman',
  languageNote: 'Salin ito sa Filipino para mas madali mong maunawaan. Kapag may hindi pagkakatugma, ang bersyong Ingles ang masusunod.',
  terms: {
    title: 'Mga Tuntunin at Kundisyon',
    intro:
      'Pakibasa ang mga tuntuning ito bago mo gamitin ang {{appName}}. Ipinapaliwanag nito kung ano ang maaasahan mo sa amin at kung ano ang inaasahan namin sa iyo. Ang mismong loan mo ay sakop ng Disclosure Statement at ng kontrata ng loan na tinanggap mo.',
    sections: {
      acceptance: {
        heading: 'Pagtanggap sa mga tuntuning ito',
        body: [
          'Ang Mga Tuntunin at Kundisyon na ito ang namamahala sa paggamit mo ng website at app ng {{appName}}, na pinapatakbo ng {{companyName}} ("{{shortName}}", "kami"), isang financing company na rehistrado sa Securities and Exchange Commission (SEC Registration No. {{secRegistrationNumber}}, Certificate of Authority No. {{certificateOfAuthorityNumber}}), na may opisina sa {{address}}.',
          'Sa paggawa ng account o paggamit ng site, sumasang-ayon ka sa mga tuntuning ito at sa aming Patakaran sa Privacy. Kung hindi ka sumasang-ayon, huwag gamitin ang site. Dapat ay hindi bababa sa {{minAge}} taong gulang ka para makapagparehistro.',
        ],
      },
      loanFacility: {
        heading: 'Ang mga loan ay nakadepende sa aming pag-apruba',
        body: [
          'Ang pagpaparehistro, pag-activate ng iyong account o paggamit ng calculator ay hindi nangangahulugang may loan ka na. Ang bawat aplikasyon ay dumadaan muna sa awtomatikong paunang pagsusuri batay sa impormasyong ibinigay mo, saka sinusuri ng isa sa aming mga loan officer, na maaaring humingi sa iyo ng karagdagang dokumento. Maaari kaming mag-apruba ng mas mababang halaga o ibang termino, o tanggihan ang aplikasyon, at sasabihin namin sa iyo ang resulta.',
          'Tantiya lamang ang ipinapakita ng calculator. Ang mga halagang may bisa sa iyo ay ang nasa Disclosure Statement at sa kontrata ng loan na tinanggap mo.',
        ],
        items: [
          'Hindi kami kailanman hihingi sa iyo ng anumang bayad para maaprubahan, mailabas, ma-unlock o ma-withdraw ang isang loan. Anumang bayarin ng produkto ay ibinabawas sa proceeds o idinadagdag sa iskedyul ng pagbabayad, at ipinapakita sa Disclosure Statement bago ka pumayag.',
          'Kung may humiling sa iyo na magpadala muna ng pera, sa ngalan namin o ng iba, scam iyon: huwag magbayad, at i-report ito sa {{supportEmail}} at sa SEC.',
        ],
      },
      facilityManager: {
        heading: 'Ang {{shortName}} bilang nagpapautang at tagapangasiwa ng pasilidad',
        body: [
          'Ang {{companyName}} ang nagpapautang. Ito rin ang nangangasiwa sa loan facility sa buong panahon ng iyong loan: sinusuri nito ang iyong aplikasyon, inilalabas ang proceeds sa iyong in-app wallet, ipinapadala ang iyong mga withdrawal sa bank o e-wallet account na nakapangalan sa iyo, tinatanggap ang iyong mga bayad, itinatago ang mga record at sinasagot ang iyong mga tanong.',
          'Ang mga bangko, e-wallet at payment center ay nagdadala lamang ng pera ayon sa aming utos. Wala sa kanila, at wala sa aming staff, ang puwedeng maningil sa iyo ng bayad para iproseso, pabilisin o ilabas ang isang loan.',
          'Sinisingil namin ang mga overdue na halaga ayon sa hinihingi ng SEC Memorandum Circular No. 18, series of 2019: ikaw lamang ang kinokontak namin (at ang co-maker, kung may nakapangalan sa iyong kontrata), mula {{quietFromHour}}:00 hanggang {{quietUntilHour}}:00 lamang, oras sa Pilipinas, hindi kailanman nang may pagbabanta, pang-iinsulto o maling pahayag, hindi kailanman sa pagsasabi sa ibang tao tungkol sa iyong utang, at hindi kailanman sa pamamagitan ng mga contact sa iyong telepono o ng iyong mga character reference.',
        ],
      },
      disclosure: {
        heading: 'Disclosure Statement',
        body: [
          'Bago ka tumanggap ng loan, bibigyan ka namin ng Disclosure Statement, ayon sa hinihingi ng Truth in Lending Act (Republic Act No. 3765) at ng SEC Memorandum Circular No. 19, series of 2019. Nakasaad dito ang halagang hihiramin mo, ang net na halagang matatanggap mo, bawat finance charge, ang effective interest rate, at ang halaga at due date ng bawat hulog.',
          'Basahin ito bago ka pumayag. Malaya kang hindi pumayag, at wala kang babayaran kung tatanggi ka. Ang interest, multa at mga bayarin ay hindi kailanman lalampas nang sama-sama sa {{costCap}}% kada taon, ayon sa nakasaad sa iyong kontrata.',
          'Maaari mong bayaran nang maaga ang buo o bahagi ng iyong loan anumang oras. Ipapakita namin sa iyo ang halagang kailangan para matapos ang loan bago ka magbayad, at muling kukuwentahin ang interest ayon sa nakasaad sa iyong kontrata.',
        ],
      },
      intellectualProperty: {
        heading: 'Intellectual property',
        body: [
          'Ang teksto, graphics, logo at software ng site na ito ay pag-aari ng {{companyName}} o ng mga nagbigay nito ng lisensya, at protektado ng Intellectual Property Code of the Philippines (Republic Act No. 8293). Inilalathala rin ang software ng {{appName}} sa ilalim ng isang open-source na lisensya; ang lisensyang iyon ang namamahala sa paggamit mo ng source code, at ang mga tuntuning ito ang namamahala sa paggamit mo ng aming serbisyo sa pagpapautang.',
        ],
      },
      useLicense: {
        heading: 'Lisensya sa paggamit ng site',
        body: [
          'Binibigyan ka namin ng personal, hindi eksklusibo at hindi naililipat na lisensya na gamitin ang site na ito para malaman ang tungkol sa aming mga loan, mag-apply, at pangasiwaan ang iyong account. Maaari mong i-print o i-save ang mga pahina, at maaari mong itago ang bawat dokumento tungkol sa sarili mong mga loan.',
        ],
        items: [
          'Huwag kopyahin, ibenta o muling ilathala ang nilalaman ng site para sa komersyal na layunin.',
          'Huwag alisin ang copyright o iba pang abiso.',
          'Huwag magpanggap na ikaw ang {{shortName}}, o na ahente o empleyado ka nito.',
        ],
        note: 'Matatapos ang lisensyang ito kapag nilabag mo ang mga tuntuning ito. Mananatiling iyo ang mga dokumento tungkol sa sarili mong mga loan.',
      },
      misuse: {
        heading: 'Ipinagbabawal na paggamit',
        body: ['Sumasang-ayon ka na hindi mo gagawin ang mga sumusunod:'],
        items: [
          'magbigay ng maling impormasyon o mag-apply sa pangalan ng ibang tao;',
          'gamitin ang account ng iba, o ibahagi kaninuman ang iyong password o mga one-time code (hindi kailanman hihingin ng aming staff ang mga ito);',
          'subukang pasukin ang mga bahagi ng system o data na hindi ka pinapayagang makita, subukan ang seguridad nito nang walang nakasulat na pahintulot namin, o guluhin ang pagtakbo nito;',
          'gumamit ng mga automated na tool para kopyahin ang site o pabigatin ito nang sobra;',
          'gamitin ang serbisyo para sa money laundering, panloloko o anumang iba pang labag sa batas na layunin.',
        ],
        note: 'Maaari naming suspindihin ang account na sangkot sa maling paggamit. Sasabihin namin sa iyo kung bakit, maliban kung ipinagbabawal ito ng batas, at iuulat namin ito sa mga awtoridad kapag hinihingi ng batas.',
      },
      disclaimer: {
        heading: 'Paalala',
        body: [
          'Sinisikap naming panatilihing tama at laging bukas ang site, pero hindi namin maipapangako na palagi itong available o walang mali. Walang anuman sa bahaging ito ang naglilimita sa mga karapatan mo ayon sa batas, kabilang ang Financial Products and Services Consumer Protection Act (Republic Act No. 11765), o sa aming mga tungkulin sa iyo ayon sa iyong kontrata ng loan.',
        ],
      },
      limitations: {
        heading: 'Limitasyon ng pananagutan',
        body: [
          'Hangga’t pinapayagan ng batas, hindi kami mananagot sa mga hindi direkta o kasunod na pagkalugi na dulot ng paggamit ng site o ng hindi mo paggamit nito, halimbawa kapag may problema ang iyong internet o ang serbisyo ng ibang payment provider.',
          'Nananatili kaming responsable sa sarili naming kapabayaan, panloloko o sadyang maling gawain, sa pag-iingat ng pera sa iyong wallet, at sa tamang pagsunod sa iyong mga utos.',
        ],
      },
      errata: {
        heading: 'Mga mali sa site',
        body: [
          'Maaaring may mga mali sa pagkaka-type o teknikal na mali ang site. Itinatama namin ang mga ito sa sandaling makita namin, at maaari mong i-report ang anumang mali sa {{supportEmail}}.',
          'Kapag magkaiba ang isang pahina at ang tinanggap mong Disclosure Statement o kontrata ng loan, ang mga tinanggap na dokumento ang masusunod.',
        ],
      },
      links: {
        heading: 'Mga link sa ibang site',
        body: [
          'May mga link ang site papunta sa ibang site, gaya ng listahan ng SEC ng mga rehistradong kumpanya, ng aming mga social media page at ng aming support chat. Hindi namin kontrolado ang mga site na iyon at hindi kami responsable sa kanilang nilalaman o sa kanilang paghawak ng privacy. Ang link ay hindi nangangahulugang ineendorso namin ang site.',
        ],
      },
      modifications: {
        heading: 'Mga pagbabago sa mga tuntuning ito',
        body: [
          'Maaari naming baguhin ang mga tuntuning ito, halimbawa kapag nagbago ang batas. Inilalathala namin ang bagong bersyon sa site na ito at sinasabihan ang mga rehistradong miyembro sa SMS o e-mail bago ito magkabisa.',
          'Hindi kailanman binabago ng isang pagbabago ang loan na tinanggap mo na, maliban kung pumayag ka rito nang nakasulat: nananatili ang loan na iyon sa ilalim ng mga tuntunin ng kontrata nito.',
        ],
      },
      law: {
        heading: 'Batas na umiiral at mga reklamo',
        body: [
          'Ang mga tuntuning ito ay sakop ng mga batas ng Pilipinas, lalo na ang Financing Company Act of 1998 (Republic Act No. 8556), ang Lending Company Regulation Act of 2007 (Republic Act No. 9474), ang Truth in Lending Act (Republic Act No. 3765), ang Data Privacy Act of 2012 (Republic Act No. 10173) at ang Financial Products and Services Consumer Protection Act (Republic Act No. 11765).',
          'Kung may reklamo ka, sumulat sa {{supportEmail}} o sa {{address}}. Kinikilala namin ang bawat reklamo at sinasabi sa iyo kung paano namin ito nilutas. Kung hindi ka nasiyahan, maaari mong idulog ang usapin sa Securities and Exchange Commission, na nangangasiwa sa mga financing company.',
        ],
      },
    },
  },
  privacy: {
    title: 'Patakaran sa Privacy',
    intro:
      'Ang {{companyName}} ang personal information controller ng personal na datos na ibinibigay mo sa amin sa pamamagitan ng {{appName}}. Pinoproseso namin ito ayon sa Data Privacy Act of 2012 (Republic Act No. 10173), sa Implementing Rules and Regulations nito at sa mga circular ng National Privacy Commission (NPC). Ipinapaliwanag ng patakarang ito kung ano ang kinokolekta namin, bakit, kanino namin ito ibinabahagi, gaano katagal namin ito itinatago at ano ang iyong mga karapatan.',
    sections: {
      eligibility: {
        heading: 'Sino ang puwedeng magparehistro',
        body: [
          'Dapat ay hindi bababa sa {{minAge}} taong gulang ka para makapagparehistro. Hindi namin sinasadyang kumolekta ng personal na datos mula sa mga menor de edad. Kapag nalaman naming mas bata sa {{minAge}} ang isang nagparehistro, isasara namin ang pagpaparehistro at buburahin ang datos.',
        ],
      },
      security: {
        heading: 'Seguridad',
        body: [
          'Pinoprotektahan namin ang iyong datos sa pamamagitan ng mga hakbang na pang-organisasyon, pisikal at teknikal: naka-encrypt na koneksyon, mga password na itinatago lamang bilang one-way hash, mga one-time code na sinusuri lamang sa aming mga server at nag-e-expire pagkalipas ng ilang minuto, mga session na nasa secure na cookie, access na limitado sa staff na nangangailangan nito, at talaan ng bawat pagtingin ng staff sa mga larawan ng iyong ID at selfie.',
          'Walang system na perpektong ligtas. Kung may breach na malamang makasama sa iyo, aabisuhan ka namin at ang NPC ayon sa hinihingi ng batas.',
        ],
      },
      collection: {
        heading: 'Ano ang kinokolekta namin',
        body: ['Kinokolekta lamang namin ang kailangan para suriin at pangasiwaan ang iyong loan:'],
        items: [
          'detalye ng account: mobile number, e-mail address, buong pangalan at password;',
          'detalye ng trabaho: bansa at lugar ng trabaho, posisyon, kategorya ng trabaho at buwanang net income;',
          'personal na detalye para sa activation: pangalan, petsa ng kapanganakan, kasarian, civil status, nasyonalidad at address;',
          'ang mga pangalan, kaugnayan at numero ng telepono ng dalawang character reference na pinili mo, na dapat alam na pinangalanan mo sila;',
          'larawan ng isang government ID at isang selfie, na muli naming ine-encode para alisin ang nakatagong metadata gaya ng lokasyon;',
          'ang bank o e-wallet account na nakapangalan sa iyo kung saan mo gustong ipadala ang iyong pera;',
          'teknikal at transaksiyong datos: ang IP address ng iyong mga request at ang mga record ng iyong mga loan, bayad at withdrawal;',
          'ang mga mensaheng ipinapadala mo sa amin sa contact form o sa e-mail.',
        ],
        note: 'Walang hinihinging pahintulot sa device ang app maliban sa camera, at sa hakbang lamang ng ID at selfie. Hindi namin kailanman binabasa ang iyong mga contact, photo gallery, mensahe o lokasyon.',
      },
      use: {
        heading: 'Paano namin ginagamit ang iyong datos',
        body: ['Ginagamit namin ang iyong datos para:'],
        items: [
          'beripikahin ang iyong pagkakakilanlan at numero ng telepono;',
          'suriin ang iyong aplikasyon, una sa awtomatikong paunang pagsusuri at pagkatapos ng isang loan officer na siyang magpapasya;',
          'ihanda ang iyong Disclosure Statement at kontrata, ilabas ang proceeds, at iproseso ang iyong mga withdrawal at bayad;',
          'padalhan ka ng mga abiso at paalala tungkol sa sarili mong loan;',
          'pigilan ang panloloko at panatilihing ligtas ang iyong account;',
          'sagutin ang iyong mga mensahe at reklamo;',
          'tuparin ang aming mga legal na tungkulin, kabilang ang mga ulat sa SEC, sa Credit Information Corporation at, kapag hinihingi ng Anti-Money Laundering Act (Republic Act No. 9160, as amended), sa Anti-Money Laundering Council.',
        ],
        note: 'Hindi namin ibinebenta ang iyong datos. Hindi namin ginagamit ang iyong mga character reference para maningil ng utang.',
      },
      sharing: {
        heading: 'Kanino namin ito ibinabahagi',
        body: ['Ibinabahagi lamang namin ang iyong datos kapag kailangan, sa ilalim ng data-sharing o outsourcing agreement na nagpoprotekta rito, sa:'],
        items: [
          'mga bangko, e-wallet at payment partner na nagdadala ng iyong mga withdrawal at bayad;',
          'mga SMS at e-mail provider na naghahatid ng aming mga mensahe sa iyo;',
          'aming mga hosting at storage provider, na nag-iingat ng datos para sa amin;',
          'ang Credit Information Corporation at mga accredited na credit bureau (tingnan ang susunod na bahagi);',
          'mga awtoridad ng gobyerno at mga korte, kapag hinihingi ng batas.',
        ],
        note: 'Hindi namin kailanman ibinubunyag ang iyong utang sa iyong mga contact, employer o reference.',
      },
      creditBureaus: {
        heading: 'Mga credit bureau',
        body: [
          'Ayon sa hinihingi ng Credit Information System Act (Republic Act No. 9510), isinusumite namin ang pangunahing credit data tungkol sa iyong loan (ang iyong pagkakakilanlan, ang halaga, ang iyong mga bayad at anumang default) sa Credit Information Corporation (CIC), na maaaring magbahagi nito sa mga accredited na credit bureau at ibang nagpapautang para sa pagsusuri ng credit. Kapag nag-apply ka, maaari rin naming kunin ang iyong credit report.',
          'Sinasabihan ka tungkol sa pag-uulat na ito at nagbibigay ka ng pahintulot kapag ina-activate mo ang iyong account. Maaari kang humingi sa CIC ng kopya ng iyong credit report at ng pagtatama ng anumang mali.',
        ],
      },
      retention: {
        heading: 'Gaano katagal namin ito itinatago',
        body: [
          'Itinatago namin ang iyong datos habang may account o loan ka sa amin. Pagkatapos maisara ang isang loan, itinatago lamang namin ang mga record nito hangga’t hinihingi ng batas, halimbawa ang limang taon na itinakda ng mga patakaran laban sa money laundering para sa mga record ng transaksiyon.',
          'Kung hindi ka kailanman umutang, buburahin namin ang datos ng iyong account kapag hiniling mo, maliban kung may batas na nag-aatas sa amin na itago ito. Sa pagtatapos ng bawat panahon, ligtas naming binubura o ginagawang anonymous ang datos.',
        ],
      },
      rights: {
        heading: 'Ang iyong mga karapatan bilang data subject',
        body: ['Ayon sa Data Privacy Act, may karapatan kang:'],
        items: [
          'malaman kung paano pinoproseso ang iyong datos;',
          'ma-access ang iyong datos, at mag-download ng kopya nito mula sa iyong account;',
          'tumutol sa pagprosesong hindi hinihingi ng batas o ng iyong kontrata;',
          'ipatama ang maling datos;',
          'ipabura o ipa-block ang datos kapag hindi na ito kailangan o pinroseso ito nang labag sa batas;',
          'matanggap ang iyong datos sa isang portable na electronic format;',
          'mabayaran sa pinsalang dulot ng pagprosesong labag sa batas;',
          'magsampa ng reklamo sa National Privacy Commission.',
        ],
        note: 'Para gamitin ang alinman sa mga karapatang ito, sumulat sa aming Data Protection Officer (tingnan sa ibaba). Wala itong bayad.',
      },
      thirdPartyLinks: {
        heading: 'Mga link sa ibang site',
        body: [
          'May mga link ang aming site papunta sa ibang site, gaya ng SEC, ng aming mga social media page at ng aming support chat. Ang sarili nilang patakaran sa privacy ang umiiral doon, kaya basahin muna ang mga iyon bago mo sila bigyan ng anumang personal na datos.',
        ],
      },
      socialMedia: {
        heading: 'Social media',
        body: [
          'Pampubliko ang aming mga social media page. Huwag mag-post doon ng detalye ng iyong account, ng iyong ID o ng impormasyon tungkol sa iyong loan: mag-message sa amin sa contact form o sa e-mail sa halip.',
          'Hindi namin kailanman hihingin ang iyong password o one-time code sa social media, chat, tawag o text message.',
        ],
      },
      changes: {
        heading: 'Mga pagbabago sa patakarang ito',
        body: [
          'Maaari naming i-update ang patakarang ito. Inilalathala namin ang bagong bersyon sa site na ito at sinasabihan ang mga rehistradong miyembro sa SMS o e-mail bago magkabisa ang isang mahalagang pagbabago. Kapag kailangan ng bagong paggamit ng iyong datos ang iyong pahintulot, hihingin namin ito, at itinatala namin ang bawat pahintulot kasama ang bersyon ng tekstong sinang-ayunan mo at ang oras.',
        ],
      },
      dpo: {
        heading: 'Data Protection Officer at mga reklamo',
        body: [
          'Sinasagot ng aming Data Protection Officer ang iyong mga tanong at kahilingan tungkol sa iyong personal na datos. Sumulat sa {{dataProtectionOfficerEmail}}, o sa koreo sa Data Protection Officer, {{companyName}}, {{address}}.',
          'Kung hindi ka nasiyahan sa aming sagot, maaari kang magsampa ng reklamo sa National Privacy Commission.',
        ],
      },
    },
  },
} as const;
