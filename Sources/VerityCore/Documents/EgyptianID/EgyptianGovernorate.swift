/// Governorate codes of the Egyptian national number (digits 8–9).
public enum EgyptianGovernorate {
    /// English names by code; 88 is for births abroad.
    public static let names: [Int: String] = [
        1: "Cairo", 2: "Alexandria", 3: "Port Said", 4: "Suez",
        11: "Damietta", 12: "Dakahlia", 13: "Sharqia", 14: "Qalyubia", 15: "Kafr El Sheikh",
        16: "Gharbia", 17: "Monufia", 18: "Beheira", 19: "Ismailia",
        21: "Giza", 22: "Beni Suef", 23: "Fayoum", 24: "Minya", 25: "Asyut", 26: "Sohag",
        27: "Qena", 28: "Aswan", 29: "Luxor",
        31: "Red Sea", 32: "New Valley", 33: "Matrouh", 34: "North Sinai", 35: "South Sinai",
        88: "Abroad",
    ]

    /// Arabic names as printed on the card, for cross-checking the address.
    public static let arabicNames: [Int: String] = [
        1: "القاهرة", 2: "الإسكندرية", 3: "بورسعيد", 4: "السويس",
        11: "دمياط", 12: "الدقهلية", 13: "الشرقية", 14: "القليوبية", 15: "كفر الشيخ",
        16: "الغربية", 17: "المنوفية", 18: "البحيرة", 19: "الإسماعيلية",
        21: "الجيزة", 22: "بني سويف", 23: "الفيوم", 24: "المنيا", 25: "أسيوط", 26: "سوهاج",
        27: "قنا", 28: "أسوان", 29: "الأقصر",
        31: "البحر الأحمر", 32: "الوادي الجديد", 33: "مطروح", 34: "شمال سيناء", 35: "جنوب سيناء",
        88: "خارج الجمهورية",
    ]
}
