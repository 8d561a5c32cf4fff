import type { LandingLocaleCode } from './locales';
import type { PageMeta } from './pages';

/** The language landing pages (`/de`, …) and their sub-pages (`/de/<slug>`), written in each language. */
export interface LandingContent {
  meta: PageMeta;
  heroTitle: string;
  heroLead: string;
  ctaStart: string;
  ctaDownload: string;
  featuresTitle: string;
  features: { title: string; text: string }[];
  toolsTitle: string;
  groups: { visual: string; ai: string };
  guaranteeTitle: string;
  guarantee: string;
  referral: string;
  blogLink: string;
  otherPages: string;
  openTool: string;
  /** Sub-pages: the 12 tools plus download, pricing and templates. */
  pages: Record<string, PageMeta>;
}

export const LANDING_CONTENT: Record<LandingLocaleCode, LandingContent> = {
  de: {
    meta: {
      title: 'VisualNotes – Visuelle Notizen, Whiteboards und KI-Zusammenfassungen',
      description:
        'Denken, gestalten und veröffentlichen auf einer Leinwand: Whiteboards, Moodboards, Flussdiagramme und KI-Zusammenfassungen von Videos und Dokumenten.',
    },
    heroTitle: 'Denken, gestalten und veröffentlichen auf einer Leinwand',
    heroLead: 'VisualNotes ist ein Werkzeug für visuelle Notizen: Notizen, Whiteboards und KI-Zusammenfassungen von Videos und Dokumenten an einem Ort.',
    ctaStart: 'Kostenlos starten',
    ctaDownload: 'Apps herunterladen',
    featuresTitle: 'Wofür VisualNotes gut ist',
    features: [
      { title: 'Visuelle Notizen', text: 'Text, Bilder, Links und Skizzen nebeneinander auf einer endlosen Leinwand – so angeordnet, wie Sie denken.' },
      {
        title: 'Whiteboards',
        text: 'Flussdiagramme, Moodboards und Pläne auf einem Whiteboard, das auch offline funktioniert: im Web, auf dem Desktop und mobil.',
      },
      {
        title: 'Video-Zusammenfassungen',
        text: 'Videolink einfügen und Transkript, Zusammenfassung und Notizen mit Zeitstempel erhalten. Auch für PDF, PowerPoint und Word.',
      },
      { title: 'Veröffentlichen', text: 'Ein Projekt mit einem Klick im Web veröffentlichen und sehen, wie viele Menschen es lesen.' },
    ],
    toolsTitle: 'Kostenlose Werkzeuge',
    groups: { visual: 'Visuelle Werkzeuge', ai: 'KI-Werkzeuge' },
    guaranteeTitle: '30 Tage Geld-zurück-Garantie',
    guarantee: 'Nicht zufrieden? Innerhalb von 30 Tagen nach dem Kauf erstatten wir den vollen Betrag – ohne Rückfragen.',
    referral: 'Freunde einladen und unbegrenzt Videos und KI-Zusammenfassungen kostenlos freischalten.',
    blogLink: 'Anleitung: YouTube-Videos zusammenfassen',
    otherPages: 'Weitere Seiten',
    openTool: 'Jetzt öffnen',
    pages: {
      'offline-whiteboard': { title: 'Offline-Whiteboard', description: 'Ein Whiteboard, das ohne Internetverbindung funktioniert und später synchronisiert.' },
      'moodboard-maker': { title: 'Moodboard erstellen', description: 'Bilder, Farben und Ideen auf einem Board sammeln, ordnen und teilen.' },
      'flowchart-maker': { title: 'Flussdiagramm erstellen', description: 'Abläufe und Entscheidungen als übersichtliche Flussdiagramme zeichnen.' },
      'youtube-summarizer': {
        title: 'YouTube-Zusammenfassung',
        description: 'Ein YouTube-Video mit KI zusammenfassen: Überblick, Abschnitte und Kernaussagen.',
      },
      'youtube-transcript-generator': {
        title: 'YouTube-Transkript erstellen',
        description: 'Das vollständige Transkript eines YouTube-Videos mit Zeitangaben erzeugen.',
      },
      'youtube-to-transcript': { title: 'YouTube zu Text', description: 'Ein YouTube-Video in durchsuchbaren Text umwandeln.' },
      'youtube-note-taker': {
        title: 'Notizen zu YouTube-Videos',
        description: 'Beim Anschauen Notizen mit Zeitstempel anlegen und später genau dorthin springen.',
      },
      'pdf-summarizer': { title: 'PDF zusammenfassen', description: 'Ein PDF mit KI zusammenfassen, mit Seitenangaben zu jeder Aussage.' },
      'ppt-summarizer': { title: 'PowerPoint zusammenfassen', description: 'Eine PowerPoint-Präsentation mit KI zusammenfassen.' },
      'word-summarizer': { title: 'Word-Dokument zusammenfassen', description: 'Ein Word-Dokument mit KI zusammenfassen.' },
      'video-summarizer': { title: 'Video zusammenfassen', description: 'Ein Online- oder lokales Video mit KI zusammenfassen.' },
      'youtube-subtitle-downloader': { title: 'YouTube-Untertitel herunterladen', description: 'Die Untertitel eines YouTube-Videos als Datei herunterladen.' },
      download: { title: 'Herunterladen', description: 'VisualNotes für Mac, Windows, iOS und Android oder als Offline-Web-App.' },
      pricing: { title: 'Preise', description: 'Premium, Publisher und Desktop Pro – monatlich, jährlich oder einmalig, mit 30 Tagen Geld-zurück-Garantie.' },
      templates: { title: 'Vorlagen', description: 'Kostenlose Vorlagen für Notizen, Whiteboards, Moodboards und Flussdiagramme.' },
    },
  },
  es: {
    meta: {
      title: 'VisualNotes – Notas visuales, pizarras y resúmenes con IA',
      description: 'Piensa, crea y publica en un lienzo: pizarras, moodboards, diagramas de flujo y resúmenes con IA de vídeos y documentos.',
    },
    heroTitle: 'Piensa, crea y publica en un lienzo',
    heroLead: 'VisualNotes es una herramienta de notas visuales: notas, pizarras y resúmenes con IA de vídeos y documentos en un solo lugar.',
    ctaStart: 'Empieza gratis',
    ctaDownload: 'Descargar las apps',
    featuresTitle: 'Para qué sirve VisualNotes',
    features: [
      { title: 'Notas visuales', text: 'Texto, imágenes, enlaces y bocetos juntos en un lienzo infinito, ordenados como tú piensas.' },
      {
        title: 'Pizarras',
        text: 'Diagramas de flujo, moodboards y planes en una pizarra que también funciona sin conexión: en la web, en el escritorio y en el móvil.',
      },
      {
        title: 'Resúmenes de vídeo',
        text: 'Pega un enlace de vídeo y obtén la transcripción, un resumen y notas con marcas de tiempo. También para PDF, PowerPoint y Word.',
      },
      { title: 'Publicación', text: 'Publica un proyecto en la web con un clic y mira cuántas personas lo leen.' },
    ],
    toolsTitle: 'Herramientas gratuitas',
    groups: { visual: 'Herramientas visuales', ai: 'Herramientas de IA' },
    guaranteeTitle: 'Garantía de devolución de 30 días',
    guarantee: '¿No te convence? Te devolvemos el importe completo durante los 30 días siguientes a la compra, sin preguntas.',
    referral: 'Invita a tus amigos y desbloquea vídeos y resúmenes con IA ilimitados gratis.',
    blogLink: 'Guía: cómo resumir un vídeo de YouTube',
    otherPages: 'Otras páginas',
    openTool: 'Abrir ahora',
    pages: {
      'offline-whiteboard': { title: 'Pizarra sin conexión', description: 'Una pizarra que funciona sin internet y se sincroniza después.' },
      'moodboard-maker': { title: 'Creador de moodboards', description: 'Reúne imágenes, colores e ideas en un tablero, ordénalos y compártelos.' },
      'flowchart-maker': { title: 'Creador de diagramas de flujo', description: 'Dibuja procesos y decisiones como diagramas de flujo claros.' },
      'youtube-summarizer': { title: 'Resumidor de YouTube', description: 'Resume un vídeo de YouTube con IA: visión general, secciones y puntos clave.' },
      'youtube-transcript-generator': {
        title: 'Generador de transcripciones de YouTube',
        description: 'Genera la transcripción completa de un vídeo de YouTube con marcas de tiempo.',
      },
      'youtube-to-transcript': { title: 'YouTube a texto', description: 'Convierte un vídeo de YouTube en texto que puedes buscar.' },
      'youtube-note-taker': {
        title: 'Notas para vídeos de YouTube',
        description: 'Toma notas con marcas de tiempo mientras ves un vídeo y vuelve al momento exacto.',
      },
      'pdf-summarizer': { title: 'Resumidor de PDF', description: 'Resume un PDF con IA, con la página de origen de cada punto.' },
      'ppt-summarizer': { title: 'Resumidor de PowerPoint', description: 'Resume una presentación de PowerPoint con IA.' },
      'word-summarizer': { title: 'Resumidor de Word', description: 'Resume un documento de Word con IA.' },
      'video-summarizer': { title: 'Resumidor de vídeos', description: 'Resume un vídeo en línea o local con IA.' },
      'youtube-subtitle-downloader': { title: 'Descargar subtítulos de YouTube', description: 'Descarga los subtítulos de un vídeo de YouTube como archivo.' },
      download: { title: 'Descargar', description: 'VisualNotes para Mac, Windows, iOS y Android, o como app web sin conexión.' },
      pricing: { title: 'Precios', description: 'Premium, Publisher y Desktop Pro: mensual, anual o de por vida, con garantía de devolución de 30 días.' },
      templates: { title: 'Plantillas', description: 'Plantillas gratuitas para notas, pizarras, moodboards y diagramas de flujo.' },
    },
  },
  fr: {
    meta: {
      title: 'VisualNotes – Notes visuelles, tableaux blancs et résumés par IA',
      description: 'Réfléchir, créer et publier sur une toile : tableaux blancs, moodboards, organigrammes et résumés par IA de vidéos et de documents.',
    },
    heroTitle: 'Réfléchir, créer et publier sur une toile',
    heroLead: 'VisualNotes est un outil de prise de notes visuelle : notes, tableaux blancs et résumés par IA de vidéos et de documents au même endroit.',
    ctaStart: 'Commencer gratuitement',
    ctaDownload: 'Télécharger les applis',
    featuresTitle: 'À quoi sert VisualNotes',
    features: [
      { title: 'Notes visuelles', text: 'Textes, images, liens et croquis côte à côte sur une toile infinie, rangés comme vous pensez.' },
      {
        title: 'Tableaux blancs',
        text: 'Organigrammes, moodboards et plans sur un tableau blanc qui fonctionne aussi hors ligne : sur le web, sur ordinateur et sur mobile.',
      },
      {
        title: 'Résumés de vidéos',
        text: 'Collez un lien vidéo pour obtenir la transcription, un résumé et des notes horodatées. Aussi pour PDF, PowerPoint et Word.',
      },
      { title: 'Publication', text: 'Publiez un projet sur le web en un clic et voyez combien de personnes le lisent.' },
    ],
    toolsTitle: 'Outils gratuits',
    groups: { visual: 'Outils visuels', ai: 'Outils d’IA' },
    guaranteeTitle: 'Satisfait ou remboursé pendant 30 jours',
    guarantee: 'Pas convaincu ? Nous vous remboursons intégralement dans les 30 jours suivant l’achat, sans justification.',
    referral: 'Invitez des amis et débloquez gratuitement des vidéos et des résumés par IA illimités.',
    blogLink: 'Guide : comment résumer une vidéo YouTube',
    otherPages: 'Autres pages',
    openTool: 'Ouvrir maintenant',
    pages: {
      'offline-whiteboard': { title: 'Tableau blanc hors ligne', description: 'Un tableau blanc qui fonctionne sans connexion et se synchronise ensuite.' },
      'moodboard-maker': { title: 'Créateur de moodboard', description: 'Rassemblez images, couleurs et idées sur un tableau, organisez-les et partagez-les.' },
      'flowchart-maker': { title: 'Créateur d’organigrammes', description: 'Dessinez des processus et des décisions sous forme d’organigrammes clairs.' },
      'youtube-summarizer': { title: 'Résumé de vidéos YouTube', description: 'Résumez une vidéo YouTube par IA : vue d’ensemble, sections et points clés.' },
      'youtube-transcript-generator': {
        title: 'Générateur de transcription YouTube',
        description: 'Générez la transcription complète et horodatée d’une vidéo YouTube.',
      },
      'youtube-to-transcript': { title: 'YouTube en texte', description: 'Transformez une vidéo YouTube en texte consultable.' },
      'youtube-note-taker': { title: 'Prise de notes YouTube', description: 'Prenez des notes horodatées pendant la lecture et revenez au moment exact.' },
      'pdf-summarizer': { title: 'Résumé de PDF', description: 'Résumez un PDF par IA, avec la page d’origine de chaque point.' },
      'ppt-summarizer': { title: 'Résumé de PowerPoint', description: 'Résumez une présentation PowerPoint par IA.' },
      'word-summarizer': { title: 'Résumé de document Word', description: 'Résumez un document Word par IA.' },
      'video-summarizer': { title: 'Résumé de vidéos', description: 'Résumez une vidéo en ligne ou locale par IA.' },
      'youtube-subtitle-downloader': {
        title: 'Télécharger les sous-titres YouTube',
        description: 'Téléchargez les sous-titres d’une vidéo YouTube sous forme de fichier.',
      },
      download: { title: 'Télécharger', description: 'VisualNotes pour Mac, Windows, iOS et Android, ou en appli web hors ligne.' },
      pricing: { title: 'Tarifs', description: 'Premium, Publisher et Desktop Pro : mensuel, annuel ou à vie, satisfait ou remboursé pendant 30 jours.' },
      templates: { title: 'Modèles', description: 'Modèles gratuits pour notes, tableaux blancs, moodboards et organigrammes.' },
    },
  },
  ja: {
    meta: {
      title: 'VisualNotes – ビジュアルノート、ホワイトボード、AI 要約',
      description: 'キャンバスで考え、作り、公開する。ホワイトボード、ムードボード、フローチャート、動画や文書の AI 要約をひとつの場所で。',
    },
    heroTitle: 'キャンバスで考え、作り、公開する',
    heroLead: 'VisualNotes はビジュアルノートのツールです。ノート、ホワイトボード、動画や文書の AI 要約をひとつの場所にまとめます。',
    ctaStart: '無料で始める',
    ctaDownload: 'アプリをダウンロード',
    featuresTitle: 'VisualNotes でできること',
    features: [
      { title: 'ビジュアルノート', text: 'テキスト、画像、リンク、スケッチを無限のキャンバスに並べ、考えたとおりに配置できます。' },
      { title: 'ホワイトボード', text: 'フローチャート、ムードボード、計画を、オフラインでも使えるホワイトボードで。Web、デスクトップ、モバイルに対応。' },
      { title: '動画の要約', text: '動画のリンクを貼るだけで、文字起こし、要約、タイムスタンプ付きメモが手に入ります。PDF、PowerPoint、Word にも対応。' },
      { title: '公開', text: 'ワンクリックでプロジェクトを Web に公開し、何人が読んだかを確認できます。' },
    ],
    toolsTitle: '無料ツール',
    groups: { visual: 'ビジュアルツール', ai: 'AI ツール' },
    guaranteeTitle: '30 日間返金保証',
    guarantee: 'ご満足いただけない場合は、購入から 30 日以内であれば理由を問わず全額返金します。',
    referral: '友だちを招待すると、動画と AI 要約が無料で無制限になります。',
    blogLink: 'ガイド：YouTube 動画を要約する方法',
    otherPages: 'その他のページ',
    openTool: '今すぐ開く',
    pages: {
      'offline-whiteboard': { title: 'オフラインホワイトボード', description: 'インターネットなしで使え、あとで同期されるホワイトボード。' },
      'moodboard-maker': { title: 'ムードボード作成', description: '画像、色、アイデアをひとつのボードに集めて整理し、共有できます。' },
      'flowchart-maker': { title: 'フローチャート作成', description: '手順や判断をわかりやすいフローチャートで描けます。' },
      'youtube-summarizer': { title: 'YouTube 要約', description: 'YouTube 動画を AI で要約：概要、セクション、要点。' },
      'youtube-transcript-generator': { title: 'YouTube 文字起こし生成', description: 'YouTube 動画のタイムスタンプ付き全文文字起こしを生成します。' },
      'youtube-to-transcript': { title: 'YouTube をテキストに', description: 'YouTube 動画を検索できるテキストに変換します。' },
      'youtube-note-taker': { title: 'YouTube メモ', description: '視聴しながらタイムスタンプ付きのメモを取り、あとでその瞬間に戻れます。' },
      'pdf-summarizer': { title: 'PDF 要約', description: 'PDF を AI で要約。各ポイントに出典ページ付き。' },
      'ppt-summarizer': { title: 'PowerPoint 要約', description: 'PowerPoint のプレゼンテーションを AI で要約します。' },
      'word-summarizer': { title: 'Word 要約', description: 'Word 文書を AI で要約します。' },
      'video-summarizer': { title: '動画要約', description: 'オンライン動画やローカル動画を AI で要約します。' },
      'youtube-subtitle-downloader': { title: 'YouTube 字幕ダウンロード', description: 'YouTube 動画の字幕をファイルとしてダウンロードします。' },
      download: { title: 'ダウンロード', description: 'Mac、Windows、iOS、Android 向けの VisualNotes、またはオフライン Web アプリ。' },
      pricing: { title: '料金', description: 'Premium、Publisher、Desktop Pro。月額、年額、買い切り。30 日間返金保証付き。' },
      templates: { title: 'テンプレート', description: 'ノート、ホワイトボード、ムードボード、フローチャートの無料テンプレート。' },
    },
  },
  ko: {
    meta: {
      title: 'VisualNotes – 비주얼 노트, 화이트보드, AI 요약',
      description: '캔버스에서 생각하고, 만들고, 게시하세요. 화이트보드, 무드보드, 순서도, 동영상과 문서의 AI 요약을 한곳에서.',
    },
    heroTitle: '캔버스에서 생각하고, 만들고, 게시하세요',
    heroLead: 'VisualNotes는 비주얼 노트 도구입니다. 노트, 화이트보드, 동영상과 문서의 AI 요약을 한곳에 모았습니다.',
    ctaStart: '무료로 시작하기',
    ctaDownload: '앱 다운로드',
    featuresTitle: 'VisualNotes로 할 수 있는 일',
    features: [
      { title: '비주얼 노트', text: '텍스트, 이미지, 링크, 스케치를 무한 캔버스에 나란히 두고 생각하는 방식대로 배치하세요.' },
      { title: '화이트보드', text: '순서도, 무드보드, 계획을 오프라인에서도 작동하는 화이트보드에서. 웹, 데스크톱, 모바일 지원.' },
      { title: '동영상 요약', text: '동영상 링크를 붙여넣으면 스크립트, 요약, 타임스탬프 메모를 받을 수 있습니다. PDF, PowerPoint, Word도 지원합니다.' },
      { title: '게시', text: '클릭 한 번으로 프로젝트를 웹에 게시하고 몇 명이 읽었는지 확인하세요.' },
    ],
    toolsTitle: '무료 도구',
    groups: { visual: '비주얼 도구', ai: 'AI 도구' },
    guaranteeTitle: '30일 환불 보장',
    guarantee: '만족하지 못하셨나요? 구매 후 30일 이내라면 이유를 묻지 않고 전액 환불해 드립니다.',
    referral: '친구를 초대하고 동영상과 AI 요약을 무료로 무제한 이용하세요.',
    blogLink: '가이드: YouTube 동영상을 요약하는 방법',
    otherPages: '다른 페이지',
    openTool: '지금 열기',
    pages: {
      'offline-whiteboard': { title: '오프라인 화이트보드', description: '인터넷 없이 작동하고 나중에 동기화되는 화이트보드.' },
      'moodboard-maker': { title: '무드보드 만들기', description: '이미지, 색상, 아이디어를 하나의 보드에 모아 정리하고 공유하세요.' },
      'flowchart-maker': { title: '순서도 만들기', description: '절차와 결정을 명확한 순서도로 그리세요.' },
      'youtube-summarizer': { title: 'YouTube 요약', description: 'YouTube 동영상을 AI로 요약합니다: 개요, 섹션, 핵심 내용.' },
      'youtube-transcript-generator': { title: 'YouTube 스크립트 생성', description: 'YouTube 동영상의 타임스탬프가 포함된 전체 스크립트를 생성합니다.' },
      'youtube-to-transcript': { title: 'YouTube를 텍스트로', description: 'YouTube 동영상을 검색 가능한 텍스트로 바꿉니다.' },
      'youtube-note-taker': { title: 'YouTube 노트', description: '시청하면서 타임스탬프 메모를 남기고 나중에 그 순간으로 돌아가세요.' },
      'pdf-summarizer': { title: 'PDF 요약', description: 'PDF를 AI로 요약합니다. 각 요점에 출처 페이지가 표시됩니다.' },
      'ppt-summarizer': { title: 'PowerPoint 요약', description: 'PowerPoint 프레젠테이션을 AI로 요약합니다.' },
      'word-summarizer': { title: 'Word 문서 요약', description: 'Word 문서를 AI로 요약합니다.' },
      'video-summarizer': { title: '동영상 요약', description: '온라인 또는 로컬 동영상을 AI로 요약합니다.' },
      'youtube-subtitle-downloader': { title: 'YouTube 자막 다운로드', description: 'YouTube 동영상의 자막을 파일로 내려받습니다.' },
      download: { title: '다운로드', description: 'Mac, Windows, iOS, Android용 VisualNotes 또는 오프라인 웹 앱.' },
      pricing: { title: '요금제', description: 'Premium, Publisher, Desktop Pro. 월간, 연간 또는 평생 이용권, 30일 환불 보장.' },
      templates: { title: '템플릿', description: '노트, 화이트보드, 무드보드, 순서도를 위한 무료 템플릿.' },
    },
  },
  pt: {
    meta: {
      title: 'VisualNotes – Notas visuais, quadros brancos e resumos com IA',
      description: 'Pense, crie e publique numa tela: quadros brancos, moodboards, fluxogramas e resumos com IA de vídeos e documentos.',
    },
    heroTitle: 'Pense, crie e publique numa tela',
    heroLead: 'O VisualNotes é uma ferramenta de notas visuais: notas, quadros brancos e resumos com IA de vídeos e documentos num só lugar.',
    ctaStart: 'Comece grátis',
    ctaDownload: 'Baixar os apps',
    featuresTitle: 'Para que serve o VisualNotes',
    features: [
      { title: 'Notas visuais', text: 'Texto, imagens, links e esboços lado a lado numa tela infinita, organizados do jeito que você pensa.' },
      { title: 'Quadros brancos', text: 'Fluxogramas, moodboards e planos num quadro branco que também funciona offline: na web, no computador e no celular.' },
      {
        title: 'Resumos de vídeo',
        text: 'Cole o link de um vídeo e receba a transcrição, um resumo e notas com marcação de tempo. Também para PDF, PowerPoint e Word.',
      },
      { title: 'Publicação', text: 'Publique um projeto na web com um clique e veja quantas pessoas o leem.' },
    ],
    toolsTitle: 'Ferramentas gratuitas',
    groups: { visual: 'Ferramentas visuais', ai: 'Ferramentas de IA' },
    guaranteeTitle: 'Garantia de reembolso de 30 dias',
    guarantee: 'Não gostou? Devolvemos o valor integral em até 30 dias após a compra, sem perguntas.',
    referral: 'Convide amigos e desbloqueie vídeos e resumos com IA ilimitados de graça.',
    blogLink: 'Guia: como resumir um vídeo do YouTube',
    otherPages: 'Outras páginas',
    openTool: 'Abrir agora',
    pages: {
      'offline-whiteboard': { title: 'Quadro branco offline', description: 'Um quadro branco que funciona sem internet e sincroniza depois.' },
      'moodboard-maker': { title: 'Criador de moodboard', description: 'Reúna imagens, cores e ideias num quadro, organize e compartilhe.' },
      'flowchart-maker': { title: 'Criador de fluxogramas', description: 'Desenhe processos e decisões como fluxogramas claros.' },
      'youtube-summarizer': { title: 'Resumidor de YouTube', description: 'Resuma um vídeo do YouTube com IA: visão geral, seções e pontos principais.' },
      'youtube-transcript-generator': {
        title: 'Gerador de transcrição do YouTube',
        description: 'Gere a transcrição completa de um vídeo do YouTube com marcação de tempo.',
      },
      'youtube-to-transcript': { title: 'YouTube para texto', description: 'Transforme um vídeo do YouTube em texto pesquisável.' },
      'youtube-note-taker': { title: 'Notas para vídeos do YouTube', description: 'Faça anotações com tempo enquanto assiste e volte ao momento exato.' },
      'pdf-summarizer': { title: 'Resumidor de PDF', description: 'Resuma um PDF com IA, com a página de origem de cada ponto.' },
      'ppt-summarizer': { title: 'Resumidor de PowerPoint', description: 'Resuma uma apresentação de PowerPoint com IA.' },
      'word-summarizer': { title: 'Resumidor de Word', description: 'Resuma um documento do Word com IA.' },
      'video-summarizer': { title: 'Resumidor de vídeos', description: 'Resuma um vídeo online ou local com IA.' },
      'youtube-subtitle-downloader': { title: 'Baixar legendas do YouTube', description: 'Baixe as legendas de um vídeo do YouTube como arquivo.' },
      download: { title: 'Baixar', description: 'VisualNotes para Mac, Windows, iOS e Android, ou como app web offline.' },
      pricing: { title: 'Preços', description: 'Premium, Publisher e Desktop Pro: mensal, anual ou vitalício, com garantia de reembolso de 30 dias.' },
      templates: { title: 'Modelos', description: 'Modelos gratuitos para notas, quadros brancos, moodboards e fluxogramas.' },
    },
  },
};
