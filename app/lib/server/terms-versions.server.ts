/**
 * The platform terms of use (the product terms of SPEC.md section 2), by version and language.
 * Kept here rather than in a translation namespace: every namespace goes to every page, and only
 * /terms needs this text. The latest version is also a row of `platform_terms` (migrations), whose
 * url points here (`/terms/v1`); publishing version 2 means adding it below and a migration row.
 *
 * The text is a small markdown subset: "## " starts a section, "- " a list item, blank lines
 * separate paragraphs (terms.server.ts parses it; no HTML reaches the page).
 */
import type { Locale } from "~/domain/locales";

export interface TermsVersion {
  version: number;
  /** The day the version came into force (YYYY-MM-DD). */
  effective: string;
  text: Partial<Record<Locale, string>> & { "en-US": string };
}

const V1_EN = `
## 1. About Commons
Commons connects the members of an organisation (a company, an association, a public body) with volunteering, training, donation, collection and information initiatives. Each community on Commons is run by an organisation ("your organisation"), which publishes the initiatives and manages its members.

## 2. Your account
To use Commons you must be at least 16 years old, or the age of digital consent where you live if it is higher. Give true information, keep your password to yourself and tell us or your organisation if you think someone else has used your account. You can close your account at any time.

## 3. Taking part in initiatives
Initiatives are organised by your organisation or its partners, not by Commons. When you join one:
- follow the organisers' instructions and the safety rules of the place;
- treat the people you help and your fellow volunteers with respect;
- report your hours and results honestly; organisers may validate or reject them;
- let the organisers know as soon as possible if you cannot attend.

Your organisation may also ask you to accept its own volunteering policy.

## 4. Donations
Donations go to the beneficiary named in the initiative, through the payment method shown there. Commons does not keep your money. Whether a donation is tax-deductible depends on the beneficiary and on the law of your country.

## 5. Acceptable use
Do not harass or discriminate against anyone, publish illegal or offensive content, pretend to be someone else, send spam, share other people's personal data without their consent or try to get around the security of the service. We may remove content and suspend accounts that break these rules.

## 6. Your content
What you publish (proposals, photos, documents, messages) remains yours. You allow Commons and your organisation to store it and show it within your community in order to run the service. Only upload photos of people who have agreed to it.

## 7. Your personal data
We use your personal data to provide the service, as our privacy notice explains. Your organisation sees your profile and your participation. We never sell your data. We send you news and offers only if you have agreed to it, and you can change your mind at any time in Settings › Notifications.

## 8. Changes and availability
We work to keep Commons available, but we cannot promise that it will never be interrupted. We may change these terms: we will publish the new version and ask you to accept it the next time you use Commons.

## 9. Liability
Commons is provided as it is. As far as the law allows, we are not responsible for initiatives that organisations run or for what other members do. Nothing in these terms limits any liability that the law does not allow us to limit.

## 10. Contact
If you have any questions about these terms, write to your organisation's contact address or to hello@commons.example.
`;

const V1_ES = `
## 1. Qué es Commons
Commons conecta a las personas de una organización (una empresa, una asociación, un organismo público) con iniciativas de voluntariado, formación, donación, recogida e información. Cada comunidad de Commons la gestiona una organización («tu organización»), que publica las iniciativas y administra a sus miembros.

## 2. Tu cuenta
Para usar Commons debes tener al menos 16 años, o la edad de consentimiento digital de tu país si es mayor. Da información veraz, no compartas tu contraseña y avísanos a nosotros o a tu organización si crees que otra persona ha usado tu cuenta. Puedes cerrar tu cuenta en cualquier momento.

## 3. Participar en iniciativas
Las iniciativas las organizan tu organización o sus entidades colaboradoras, no Commons. Cuando te apuntes a una:
- sigue las indicaciones de quienes la organizan y las normas de seguridad del lugar;
- trata con respeto a las personas a las que ayudas y al resto del voluntariado;
- informa de tus horas y resultados con honestidad; la organización puede validarlos o rechazarlos;
- avisa cuanto antes si no puedes asistir.

Tu organización también puede pedirte que aceptes su propia política de voluntariado.

## 4. Donaciones
Las donaciones van a la entidad beneficiaria indicada en la iniciativa, mediante el método de pago que allí se muestra. Commons no guarda tu dinero. Que una donación desgrave depende de la entidad beneficiaria y de la legislación de tu país.

## 5. Uso aceptable
No acoses ni discrimines a nadie, no publiques contenido ilegal u ofensivo, no te hagas pasar por otra persona, no envíes spam, no compartas datos personales de otras personas sin su consentimiento ni intentes saltarte la seguridad del servicio. Podemos retirar contenido y suspender cuentas que incumplan estas normas.

## 6. Tu contenido
Lo que publicas (propuestas, fotos, documentos, mensajes) sigue siendo tuyo. Nos permites a Commons y a tu organización guardarlo y mostrarlo dentro de tu comunidad para prestar el servicio. Sube solo fotos de personas que hayan dado su permiso.

## 7. Tus datos personales
Usamos tus datos personales para prestar el servicio, tal como explica nuestro aviso de privacidad. Tu organización ve tu perfil y tu participación. Nunca vendemos tus datos. Solo te enviamos novedades y ofertas si lo has aceptado, y puedes cambiar de opinión cuando quieras en Ajustes › Notificaciones.

## 8. Cambios y disponibilidad
Trabajamos para que Commons esté siempre disponible, pero no podemos garantizar que nunca se interrumpa. Podemos cambiar estas condiciones: publicaremos la nueva versión y te pediremos que la aceptes la próxima vez que uses Commons.

## 9. Responsabilidad
Commons se ofrece tal cual. En la medida en que la ley lo permita, no somos responsables de las iniciativas que organizan las organizaciones ni de lo que hagan otros miembros. Nada en estas condiciones limita una responsabilidad que la ley no permita limitar.

## 10. Contacto
Si tienes cualquier pregunta sobre estas condiciones, escribe a la dirección de contacto de tu organización o a hello@commons.example.
`;

const V1_EU = `
## 1. Zer da Commons
Commons-ek erakunde bateko kideak (enpresa, elkarte edo erakunde publiko batekoak) boluntariotza-, prestakuntza-, dohaintza-, bilketa- eta informazio-ekimenekin lotzen ditu. Commons-eko komunitate bakoitza erakunde batek kudeatzen du («zure erakundea»), eta hark argitaratzen ditu ekimenak eta kudeatzen ditu kideak.

## 2. Zure kontua
Commons erabiltzeko gutxienez 16 urte izan behar dituzu, edo zure herrialdeko adostasun digitalaren adina, handiagoa bada. Eman egiazko informazioa, ez partekatu zure pasahitza eta jakinarazi guri edo zure erakundeari beste norbaitek zure kontua erabili duela uste baduzu. Zure kontua edozein unetan itxi dezakezu.

## 3. Ekimenetan parte hartzea
Ekimenak zure erakundeak edo haren kideek antolatzen dituzte, ez Commons-ek. Ekimen batean izena ematen duzunean:
- bete antolatzaileen jarraibideak eta tokiko segurtasun-arauak;
- errespetuz tratatu laguntzen dituzun pertsonak eta gainerako boluntarioak;
- jakinarazi zure orduak eta emaitzak zintzotasunez; antolatzaileek baliozkotu edo baztertu ditzakete;
- ezin bazara joan, jakinarazi lehenbailehen.

Zure erakundeak bere boluntariotza-politika onartzeko ere eska diezazuke.

## 4. Dohaintzak
Dohaintzak ekimenean adierazitako onuradunari iristen zaizkio, bertan agertzen den ordainketa-metodoaren bidez. Commons-ek ez du zure dirua gordetzen. Dohaintza batek zerga-kenkaririk duen onuradunaren eta zure herrialdeko legearen araberakoa da.

## 5. Erabilera egokia
Ez jazarri edo diskriminatu inor, ez argitaratu eduki ilegalik edo iraingarririk, ez egin beste norbait zarela, ez bidali spamik, ez partekatu beste pertsonen datu pertsonalik haien baimenik gabe eta ez saiatu zerbitzuaren segurtasuna saihesten. Arau hauek betetzen ez dituzten edukiak kendu eta kontuak eten ditzakegu.

## 6. Zure edukia
Argitaratzen duzuna (proposamenak, argazkiak, dokumentuak, mezuak) zurea da. Commons-i eta zure erakundeari baimena ematen diezu hori gordetzeko eta zure komunitatean erakusteko, zerbitzua emateko. Igo baimena eman duten pertsonen argazkiak soilik.

## 7. Zure datu pertsonalak
Zure datu pertsonalak zerbitzua emateko erabiltzen ditugu, gure pribatutasun-oharrak azaltzen duen moduan. Zure erakundeak zure profila eta zure parte-hartzea ikusten ditu. Ez ditugu inoiz zure datuak saltzen. Berriak eta eskaintzak onartu badituzu soilik bidaltzen dizkizugu, eta nahi duzunean alda dezakezu iritziz Ezarpenak › Jakinarazpenak atalean.

## 8. Aldaketak eta erabilgarritasuna
Commons beti erabilgarri egon dadin lan egiten dugu, baina ezin dugu bermatu inoiz ez dela etengo. Baldintza hauek alda ditzakegu: bertsio berria argitaratuko dugu eta Commons erabiltzen duzun hurrengo aldian onartzeko eskatuko dizugu.

## 9. Erantzukizuna
Commons dagoen bezala eskaintzen da. Legeak uzten duen neurrian, ez gara erakundeek antolatzen dituzten ekimenen edo beste kideek egiten dutenaren erantzule. Baldintza hauetako ezerk ez du mugatzen legeak mugatzen uzten ez duen erantzukizunik.

## 10. Harremanetarako
Baldintza hauei buruzko galderarik baduzu, idatzi zure erakundearen harremanetarako helbidera edo hello@commons.example helbidera.
`;

const V1_PT_BR = `
## 1. O que é o Commons
O Commons conecta as pessoas de uma organização (uma empresa, uma associação, um órgão público) a iniciativas de voluntariado, formação, doação, arrecadação e informação. Cada comunidade do Commons é administrada por uma organização ("sua organização"), que publica as iniciativas e gerencia os membros.

## 2. Sua conta
Para usar o Commons você precisa ter pelo menos 16 anos, ou a idade de consentimento digital do seu país, se for maior. Informe dados verdadeiros, não compartilhe sua senha e avise a nós ou à sua organização se achar que outra pessoa usou sua conta. Você pode encerrar sua conta a qualquer momento.

## 3. Participação em iniciativas
As iniciativas são organizadas pela sua organização ou por parceiros dela, não pelo Commons. Quando você se inscrever em uma:
- siga as orientações dos organizadores e as regras de segurança do local;
- trate com respeito as pessoas que você ajuda e os demais voluntários;
- informe suas horas e resultados com honestidade; os organizadores podem validá-los ou recusá-los;
- avise o quanto antes se não puder comparecer.

Sua organização também pode pedir que você aceite a política de voluntariado dela.

## 4. Doações
As doações vão para o beneficiário indicado na iniciativa, pelo meio de pagamento mostrado ali. O Commons não guarda o seu dinheiro. Se uma doação pode ser deduzida do imposto depende do beneficiário e da legislação do seu país.

## 5. Uso aceitável
Não assedie nem discrimine ninguém, não publique conteúdo ilegal ou ofensivo, não se passe por outra pessoa, não envie spam, não compartilhe dados pessoais de outras pessoas sem o consentimento delas e não tente burlar a segurança do serviço. Podemos remover conteúdo e suspender contas que desrespeitem essas regras.

## 6. Seu conteúdo
O que você publica (propostas, fotos, documentos, mensagens) continua sendo seu. Você autoriza o Commons e sua organização a guardar esse conteúdo e exibi-lo dentro da sua comunidade para prestar o serviço. Envie apenas fotos de pessoas que concordaram com isso.

## 7. Seus dados pessoais
Usamos seus dados pessoais para prestar o serviço, como explica nosso aviso de privacidade. Sua organização vê seu perfil e sua participação. Nunca vendemos seus dados. Só enviamos novidades e ofertas se você tiver aceitado, e você pode mudar de ideia quando quiser em Configurações › Notificações.

## 8. Mudanças e disponibilidade
Trabalhamos para manter o Commons disponível, mas não podemos garantir que ele nunca seja interrompido. Podemos alterar estes termos: publicaremos a nova versão e pediremos que você a aceite na próxima vez que usar o Commons.

## 9. Responsabilidade
O Commons é oferecido no estado em que se encontra. Na medida permitida pela lei, não somos responsáveis pelas iniciativas que as organizações realizam nem pelo que outros membros fazem. Nada nestes termos limita uma responsabilidade que a lei não permita limitar.

## 10. Contato
Se você tiver qualquer dúvida sobre estes termos, escreva para o endereço de contato da sua organização ou para hello@commons.example.
`;

const V1_PT_PT = `
## 1. O que é o Commons
O Commons liga as pessoas de uma organização (uma empresa, uma associação, um organismo público) a iniciativas de voluntariado, formação, donativos, recolha e informação. Cada comunidade do Commons é gerida por uma organização («a tua organização»), que publica as iniciativas e gere os membros.

## 2. A tua conta
Para usares o Commons tens de ter pelo menos 16 anos, ou a idade de consentimento digital do teu país, se for superior. Dá informação verdadeira, não partilhes a tua palavra-passe e avisa-nos a nós ou à tua organização se achares que outra pessoa usou a tua conta. Podes encerrar a tua conta a qualquer momento.

## 3. Participar em iniciativas
As iniciativas são organizadas pela tua organização ou pelos seus parceiros, não pelo Commons. Quando te inscreves numa:
- segue as indicações dos organizadores e as regras de segurança do local;
- trata com respeito as pessoas que ajudas e os restantes voluntários;
- comunica as tuas horas e resultados com honestidade; os organizadores podem validá-los ou recusá-los;
- avisa o mais cedo possível se não puderes comparecer.

A tua organização também te pode pedir que aceites a sua política de voluntariado.

## 4. Donativos
Os donativos vão para o beneficiário indicado na iniciativa, através do meio de pagamento aí apresentado. O Commons não guarda o teu dinheiro. A possibilidade de deduzir um donativo nos impostos depende do beneficiário e da lei do teu país.

## 5. Utilização aceitável
Não assedies nem discrimines ninguém, não publiques conteúdos ilegais ou ofensivos, não te faças passar por outra pessoa, não envies spam, não partilhes dados pessoais de outras pessoas sem o seu consentimento nem tentes contornar a segurança do serviço. Podemos remover conteúdos e suspender contas que não cumpram estas regras.

## 6. O teu conteúdo
O que publicas (propostas, fotografias, documentos, mensagens) continua a ser teu. Autorizas o Commons e a tua organização a guardá-lo e a mostrá-lo dentro da tua comunidade para prestar o serviço. Carrega apenas fotografias de pessoas que tenham dado autorização.

## 7. Os teus dados pessoais
Usamos os teus dados pessoais para prestar o serviço, tal como explica o nosso aviso de privacidade. A tua organização vê o teu perfil e a tua participação. Nunca vendemos os teus dados. Só te enviamos novidades e ofertas se o tiveres aceitado, e podes mudar de ideias quando quiseres em Definições › Notificações.

## 8. Alterações e disponibilidade
Trabalhamos para manter o Commons disponível, mas não podemos garantir que nunca seja interrompido. Podemos alterar estes termos: publicaremos a nova versão e pedir-te-emos que a aceites da próxima vez que usares o Commons.

## 9. Responsabilidade
O Commons é disponibilizado tal como está. Na medida em que a lei o permita, não somos responsáveis pelas iniciativas que as organizações realizam nem pelo que outros membros fazem. Nada nestes termos limita uma responsabilidade que a lei não permita limitar.

## 10. Contacto
Se tiveres alguma dúvida sobre estes termos, escreve para o endereço de contacto da tua organização ou para hello@commons.example.
`;

/** Newest last. */
export const TERMS_VERSIONS: TermsVersion[] = [
  { version: 1, effective: "2025-01-15", text: { "en-US": V1_EN, "es-ES": V1_ES, "eu-ES": V1_EU, "pt-BR": V1_PT_BR, "pt-PT": V1_PT_PT } },
];

export const LATEST_TERMS_VERSION = TERMS_VERSIONS[TERMS_VERSIONS.length - 1].version;
